import { Button } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <EmptyState
      icon={<IconMapPinOff size={32} />}
      title={t('notFound.title')}
      description={t('notFound.description', { path: pathname })}
      action={
        <Button component={Link} to="/dashboard">
          {t('notFound.goToDashboard')}
        </Button>
      }
    />
  );
}
