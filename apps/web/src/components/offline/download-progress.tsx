import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A running download on a plant card (the plant's elements, its orthophoto): what has come so far,
 * a cancel, and a bar — moving without an end while the total is not known yet.
 */
export function DownloadProgress({
  text,
  label,
  done,
  total,
  onCancel,
}: {
  text: string;
  /** The bar's accessible name. */
  label: string;
  done: number;
  total: number | null;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="xs" role="status">
          {text}
        </Text>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          miw={44}
          mih={36}
          leftSection={<IconX size={14} aria-hidden />}
          onClick={onCancel}
        >
          {t('offlineWork.cancel')}
        </Button>
      </Group>
      <Progress
        value={total ? Math.min(100, (100 * done) / total) : 0}
        animated={!total}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={done}
      />
    </Stack>
  );
}
