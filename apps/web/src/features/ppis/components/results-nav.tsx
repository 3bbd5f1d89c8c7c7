import { Button, Group, SegmentedControl } from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconList, IconMap2, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { PageHeader } from '../../../components/page-header';
import { PpiLogo } from './ppi-logo';

export type ResultsView = 'register' | 'map' | 'results' | 'summary';

const PATHS: Record<ResultsView, string> = {
  register: 'ppi-results',
  map: 'register-map',
  results: 'ppi-results/details/by-elements-and-roles',
  summary: 'ppi-results-summary',
};

/** The head of a plan's result pages: the plan and the switch between register, results and summary. */
export function ResultsHeader({ ppi, view }: { ppi: PpiDetail; view: ResultsView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const icons = {
    register: <IconTable size={16} aria-hidden />,
    map: <IconMap2 size={16} aria-hidden />,
    results: <IconList size={16} aria-hidden />,
    summary: <IconChartBar size={16} aria-hidden />,
  };
  return (
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
          <Button
            component={Link}
            to="/ppis/register"
            variant="subtle"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {t('ppis.results.nav.back')}
          </Button>
          <SegmentedControl
            aria-label={t('ppis.results.nav.label')}
            value={view}
            onChange={(value) => navigate(`/ppis/${ppi.id}/${PATHS[value as ResultsView]}`)}
            data={(Object.keys(PATHS) as ResultsView[]).map((value) => ({
              value,
              label: (
                <Group gap={6} wrap="nowrap">
                  {icons[value]}
                  {t(`ppis.results.nav.${value}`)}
                </Group>
              ),
            }))}
          />
        </>
      }
    />
  );
}
