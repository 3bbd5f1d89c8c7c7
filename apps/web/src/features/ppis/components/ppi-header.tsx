import { Anchor, Badge, Button, Group, List, Paper, Popover, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconListDetails, IconMap2, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { PageHeader } from '../../../components/page-header';
import { formatInteger } from '../../../lib/format';
import { PpiLogo } from './ppi-logo';
import { useRoleLabel } from './role-label';
import { StatusBadge } from './status-badge';

/**
 * The head of a plan's element pages: its code, name, plant and type, how many elements are linked,
 * its activities (each opening its details) and the switch between the table and the map.
 */
export function PpiHeader({ ppi, view }: { ppi: PpiDetail; view: 'table' | 'map' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roleLabel = useRoleLabel();
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" wrap="nowrap">
            <PpiLogo ppi={ppi} size={44} />
            <span>
              {ppi.code} · {ppi.name}
            </span>
          </Group>
        }
        subtitle={t('ppis.header.subtitle', { plant: ppi.plant.name, type: ppi.element_type.name })}
        actions={
          <>
            <Button component={Link} to="/ppis/main" variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />}>
              {t('ppis.header.back')}
            </Button>
            <SegmentedControl
              aria-label={t('ppis.header.view')}
              value={view}
              onChange={(value) => navigate(`/ppis/${ppi.id}/${value === 'map' ? 'link-elements-map' : 'link-elements'}`)}
              data={[
                { value: 'table', label: <Group gap={6} wrap="nowrap"><IconTable size={16} aria-hidden />{t('ppis.header.table')}</Group> },
                { value: 'map', label: <Group gap={6} wrap="nowrap"><IconMap2 size={16} aria-hidden />{t('ppis.header.map')}</Group> },
              ]}
            />
          </>
        }
      />
      <Paper withBorder px="sm" py="xs" mb="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <StatusBadge status={ppi.status} />
            <Text size="sm" fw={700} role="status" data-testid="ppi-linked-count">
              {t('ppis.header.linked', { count: ppi.element_count, formatted: formatInteger(ppi.element_count) })}
            </Text>
            {ppi.template && (
              <Text size="sm" c="dimmed">
                {t('ppis.header.template', { name: ppi.template.name })}
              </Text>
            )}
          </Group>
          <Popover position="bottom-end" width={360} shadow="md" withArrow>
            <Popover.Target>
              <Button id="activities" variant="light" size="compact-md" leftSection={<IconListDetails size={16} aria-hidden />}>
                {t('ppis.activities.count', { count: ppi.activity_count })}
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {t('ppis.activities.title')}
                </Text>
                <List type="ordered" spacing={6} size="sm">
                  {ppi.activities.map((activity) => (
                    <List.Item key={activity.id}>
                      <Anchor component={Link} to={`/ppis/${ppi.id}/activity/${activity.id}/details`} size="sm">
                        {activity.name}
                      </Anchor>{' '}
                      {activity.is_required && (
                        <Badge size="xs" variant="light" tt="none">
                          {t('ppis.activities.required')}
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        {activity.roles.map(roleLabel).join(', ')}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </Stack>
            </Popover.Dropdown>
          </Popover>
        </Group>
      </Paper>
    </>
  );
}
