import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-error';

/** Inline error of a failed query, with the server's detail when it sent one, and a retry button. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const detail = isApiError(error) ? error.detail : undefined;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('common.loadError')}>
      {detail}
      {onRetry && (
        <Button
          size="xs"
          variant="light"
          color="red"
          mt={detail ? 'sm' : 0}
          onClick={onRetry}
          display="block"
        >
          {t('common.retry')}
        </Button>
      )}
    </Alert>
  );
}
