import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { State } from '@heliotrack/domain/catalogues';
import { StateBadge } from '../../../components/state-badge/state-badge';
import { formatInteger } from '../../../lib/format';

/** The end of a state change: how many elements changed, to which state, and Close. */
export function StateChangeOutcome({
  changed,
  state,
  onClose,
}: {
  changed: number;
  state: State | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py="md" role="status">
      <ThemeIcon size={56} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={36} aria-hidden />
      </ThemeIcon>
      <Title order={3} ta="center">
        {t('stateChange.success', { count: changed, formatted: formatInteger(changed) })}
      </Title>
      <Group gap="xs">
        <Text c="dimmed">{t('stateChange.newState')}</Text>
        <StateBadge state={state} />
      </Group>
      <Button mt="md" onClick={onClose} data-autofocus>
        {t('common.close')}
      </Button>
    </Stack>
  );
}
