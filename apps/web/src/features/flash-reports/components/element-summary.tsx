import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryItem } from '@heliotrack/domain/item-inventory';
import { StateBadge } from '../../../components/state-badge/state-badge';
import { useTypeLabelByCode } from '../../../lib/use-type-label-by-code';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The element a flash report is about: code, type, plant, state and serial. */
export function ElementSummary({ element }: { element: InventoryItem | undefined }) {
  const { t } = useTranslation();
  const { labelOf } = useTypeLabelByCode();
  const value = (content: ReactNode) => (element ? content : <Skeleton height={18} width="70%" />);
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" verticalSpacing="sm">
        <Field label={t('flashReports.element.code')}>
          {value(
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {element?.code}
            </Text>,
          )}
        </Field>
        <Field label={t('flashReports.element.type')}>
          {value(<Text truncate>{element && labelOf(element.type)}</Text>)}
        </Field>
        <Field label={t('flashReports.element.plant')}>
          {value(
            <Text truncate title={element?.plant.name}>
              {element?.plant.code} · {element?.plant.name}
            </Text>,
          )}
        </Field>
        <Field label={t('flashReports.element.state')}>{value(<StateBadge state={element?.state} />)}</Field>
        <Field label={t('flashReports.element.serial')}>
          {value(
            <Text ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {element?.serial || t('common.notAvailable')}
            </Text>,
          )}
        </Field>
      </SimpleGrid>
    </Paper>
  );
}
