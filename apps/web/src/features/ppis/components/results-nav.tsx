import { Button, Group, SegmentedControl } from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconList, IconMap2, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { PageHeader } from '../../../components/page-header';
import { useIsPhone, useIsTouch } from '../../../lib/field-layout';
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
  // Field layout (issue 22): on a phone the four views share the screen's width, their names under
  // their icons; on touch screens each is a finger-sized target.
  const isPhone = useIsPhone();
  const isTouch = useIsTouch();
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
          <PpiLogo ppi={ppi} size={isPhone ? 32 : 44} />
          {/* Smaller on a phone, so that the register's table or map starts on the first screen. */}
          <span style={isPhone ? { fontSize: '1.125rem', lineHeight: 1.3 } : undefined}>
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
            fullWidth={isPhone}
            size={isPhone ? 'xs' : 'sm'}
            style={isPhone ? { width: '100%' } : undefined}
            styles={isTouch ? { label: { minHeight: 40, display: 'flex', alignItems: 'center', justifyContent: 'center' } } : undefined}
            value={view}
            onChange={(value) => navigate(`/ppis/${ppi.id}/${PATHS[value as ResultsView]}`)}
            data={(Object.keys(PATHS) as ResultsView[]).map((value) => ({
              value,
              label: (
                <Group gap={isPhone ? 2 : 6} wrap="nowrap" style={isPhone ? { flexDirection: 'column' } : undefined}>
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
