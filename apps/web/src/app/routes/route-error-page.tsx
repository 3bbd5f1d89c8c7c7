import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Error boundary of the router: a render error or a lazy chunk that failed to load (new deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={2}>{t('errors.unexpectedTitle')}</Title>
        <Text c="dimmed">{t('errors.unexpected')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
