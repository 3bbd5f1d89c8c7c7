import { Button, Group, Paper, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '@heliotrack/domain/catalogues';
import { DAY_FORMAT } from '../../../lib/day';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { EMPTY_REPORT_FILTERS } from '../api/get-reports';
import type { ReportFilterValues } from '../api/query-keys';
import { countActiveReportFilters } from './report-list-search';

export interface AuthorOption {
  id: number;
  name: string;
}

/**
 * Filters of a report list: the days it was made in, the element type it is limited to and its
 * author. Each applies at once; a date range once both ends are chosen (or it is cleared).
 */
export function ReportFiltersBar({
  filters,
  elementTypes,
  authors,
  onChange,
}: {
  filters: ReportFilterValues;
  elementTypes: ElementType[];
  authors: AuthorOption[];
  onChange: (filters: ReportFilterValues) => void;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const [range, setRange] = useState<[string | null, string | null]>([filters.dateFrom, filters.dateTo]);

  return (
    <Paper withBorder p="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <DatePickerInput
          type="range"
          label={t('reports.filters.dates')}
          placeholder={t('reports.filters.anyDate')}
          value={range}
          onChange={(value) => {
            setRange(value);
            const [from, to] = value;
            if ((from && to) || (!from && !to)) onChange({ ...filters, dateFrom: from, dateTo: to });
          }}
          valueFormat={DAY_FORMAT}
          allowSingleDateInRange
          clearable
          maxDate={new Date()}
        />
        <Select<number>
          label={t('reports.filters.type')}
          placeholder={t('reports.filters.anyType')}
          data={elementTypes.map((type) => ({ value: type.id, label: typeLabel(type) }))}
          value={filters.type}
          onChange={(value) => onChange({ ...filters, type: value })}
          clearable
          searchable
          nothingFoundMessage={t('reports.filters.nothingFound')}
        />
        <Select<number>
          label={t('reports.filters.author')}
          placeholder={t('reports.filters.anyAuthor')}
          data={authors.map((author) => ({ value: author.id, label: author.name }))}
          value={filters.author}
          onChange={(value) => onChange({ ...filters, author: value })}
          clearable
          searchable
          nothingFoundMessage={t('reports.filters.nothingFound')}
        />
        <Group align="flex-end">
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            disabled={countActiveReportFilters(filters) === 0}
            onClick={() => {
              setRange([null, null]);
              onChange(EMPTY_REPORT_FILTERS);
            }}
          >
            {t('reports.filters.clear')}
          </Button>
        </Group>
      </SimpleGrid>
    </Paper>
  );
}
