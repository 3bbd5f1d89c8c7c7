import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBolt,
  IconBuildingFactory2,
  IconComponents,
  IconSolarPanel,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { formatInteger, formatMwp, formatNumber } from '../../../lib/format';

function SummaryCard({
  icon,
  label,
  value,
  color,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  color: string;
}) {
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.04em' }}>
            {label}
          </Text>
          <Text fz={28} fw={800} lh={1.1}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

export function SummaryCards({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t } = useTranslation();
  const cards = [
    {
      label: t('dashboard.plantCount'),
      value: dashboard && formatInteger(dashboard.plant_count),
      icon: <IconBuildingFactory2 size={24} />,
      color: 'solar',
    },
    {
      label: t('dashboard.totalPower'),
      value: dashboard && formatMwp(dashboard.total_power),
      icon: <IconBolt size={24} />,
      color: 'yellow',
    },
    {
      label: t('dashboard.moduleCount'),
      value: dashboard && formatInteger(dashboard.module_count),
      icon: <IconSolarPanel size={24} />,
      color: 'blue',
    },
    {
      label: t('dashboard.elementCount'),
      value: dashboard && formatInteger(dashboard.element_count),
      icon: <IconComponents size={24} />,
      color: 'teal',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {cards.map((card) => (
        <SummaryCard
          key={card.label}
          label={card.label}
          icon={card.icon}
          color={card.color}
          value={card.value ?? <Skeleton height={30} width={110} mt={2} />}
        />
      ))}
    </SimpleGrid>
  );
}

/** Effects of anomalies: elements in a not-ok state, the modules they affect and that power in kW. */
export function AnomalyEffectsCard({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t } = useTranslation();
  const anomalies = dashboard?.anomalies;
  const figures = [
    { label: t('dashboard.anomalyCount'), value: anomalies && formatInteger(anomalies.anomaly_count) },
    { label: t('dashboard.affectedModules'), value: anomalies && formatInteger(anomalies.affected_modules) },
    {
      label: t('dashboard.affectedPower'),
      value: anomalies && `${formatNumber(anomalies.affected_power_kw, { maximumFractionDigits: 1 })} kW`,
    },
  ];
  return (
    <Paper withBorder p="lg" component="section" aria-label={t('dashboard.anomalies')}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={4}>{t('dashboard.anomalies')}</Title>
        <ThemeIcon size={36} radius="md" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={20} />
        </ThemeIcon>
      </Group>
      <SimpleGrid cols={3} spacing="sm">
        {figures.map((figure) => (
          <Stack gap={4} key={figure.label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.04em' }}>
              {figure.label}
            </Text>
            <Text
              fz={22}
              fw={800}
              lh={1.1}
              style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              {figure.value ?? <Skeleton height={26} width={80} mt={2} />}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
