import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendarDue, IconGitCompare, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementsOk } from '@heliotrack/domain/dashboard';
import type { Element } from '@heliotrack/domain/elements';
import { Chart } from '../../../components/chart/chart';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { formatDate, formatInteger } from '../../../lib/format';
import { useElementsByStateList } from '../api/get-elements-by-state';
import { compareOption } from '../lib/chart-options';
import {
  addCompareElement,
  compareRows,
  hasErrors,
  type CompareRow,
  validateCompare,
  type CompareDraft,
  type CompareErrors,
} from '../lib/compare';
import { addDays, DATE_INPUT_FORMAT, dayAsDate, todayIso } from '../lib/dates';
import { useFormatters } from './use-formatters';

/** The comparison shown: what was asked when "Compare" or "Update date" was pressed. */
type Submitted = Required<Pick<CompareDraft, 'elementTypes' | 'ctr'>> & {
  startDate: string;
  endDate: string;
};

const DEFAULT_SPAN_DAYS = 30;

/** A count right-aligned in tabular figures, so the columns of digits line up. */
function Count({ value, color }: { value: string; color?: string }) {
  return (
    <Text span size="sm" c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </Text>
  );
}

/**
 * "Compare": ok against not ok elements of the added element types, at a start and at an end date,
 * optionally under one transformation centre (the cross filter). A chart and a table.
 */
export function ComparePanel({
  plantId,
  types,
  ctrs,
  initialCtr,
}: {
  plantId: number;
  types: ElementsOk;
  ctrs: Element[] | undefined;
  initialCtr: number | null;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const format = useFormatters();
  const [typeToAdd, setTypeToAdd] = useState<string | null>(null);
  const [draft, setDraft] = useState<CompareDraft>(() => {
    const today = todayIso();
    return {
      elementTypes: [],
      ctr: initialCtr,
      startDate: addDays(today, -DEFAULT_SPAN_DAYS),
      endDate: today,
    };
  });
  const [errors, setErrors] = useState<CompareErrors>({});
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const nameOf = (id: number) => {
    const type = types.find((candidate) => candidate.element_type === id);
    return type ? typeLabel(type) : String(id);
  };

  const run = (next: CompareDraft) => {
    const found = validateCompare(next);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitted({
      elementTypes: next.elementTypes,
      ctr: next.ctr,
      startDate: next.startDate as string,
      endDate: next.endDate as string,
    });
  };
  const updateDate = () => {
    // "Update date": the comparison up to today, with the elements and filters as they are.
    const next = { ...draft, endDate: todayIso() };
    setDraft(next);
    run(next);
  };

  const queries = useMemo(
    () =>
      submitted
        ? [submitted.startDate, submitted.endDate].flatMap((day) =>
            submitted.elementTypes.map((elementType) => ({
              plant: plantId,
              elementType,
              ctr: submitted.ctr,
              targetDate: day,
            })),
          )
        : [],
    [submitted, plantId],
  );
  const answers = useElementsByStateList(queries);
  const count = submitted?.elementTypes.length ?? 0;
  const rows =
    submitted && !answers.isPending
      ? compareRows(submitted.elementTypes, answers.data.slice(0, count), answers.data.slice(count))
      : [];
  const startLabel = submitted ? formatDate(dayAsDate(submitted.startDate)) : '';
  const endLabel = submitted ? formatDate(dayAsDate(submitted.endDate)) : '';
  const labels = {
    okStart: t('dashboard.okAt', { date: startLabel }),
    notOkStart: t('dashboard.notOkAt', { date: startLabel }),
    okEnd: t('dashboard.okAt', { date: endLabel }),
    notOkEnd: t('dashboard.notOkAt', { date: endLabel }),
    elements: t('dashboard.elementsAxis'),
  };
  // Built again only when the answers or the language change, not on every keystroke in the form.
  const chartRows = rows.map((row) => ({ label: nameOf(row.elementType), start: row.start, end: row.end }));
  const chartKey = JSON.stringify([chartRows, labels]);
  const option = useMemo(
    () => compareOption(chartRows, labels, format),
    // chartKey stands for chartRows and labels, which are new objects on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chartKey, format],
  );
  const countColumn = (
    id: string,
    header: string,
    value: (row: CompareRow) => number,
  ): ColumnDef<CompareRow> => ({
    id,
    header,
    meta: { align: 'right' },
    cell: ({ row }) => <Count value={formatInteger(value(row.original))} />,
  });
  const columns: ColumnDef<CompareRow>[] = [
    {
      id: 'elementType',
      header: t('dashboard.elementType'),
      meta: { wrap: true },
      cell: ({ row }) => nameOf(row.original.elementType),
    },
    countColumn('okStart', labels.okStart, (row) => row.start.ok),
    countColumn('notOkStart', labels.notOkStart, (row) => row.start.notOk),
    countColumn('okEnd', labels.okEnd, (row) => row.end.ok),
    countColumn('notOkEnd', labels.notOkEnd, (row) => row.end.notOk),
    {
      id: 'okChange',
      header: t('dashboard.okChange'),
      meta: { align: 'right' },
      cell: ({ row: { original: row } }) => (
        <Count
          value={`${row.okChange > 0 ? '+' : ''}${formatInteger(row.okChange)}`}
          color={row.okChange > 0 ? 'green.8' : row.okChange < 0 ? 'red.8' : undefined}
        />
      ),
    },
  ];
  const table = useDataTable({ data: rows, columns, getRowId: (row) => String(row.elementType) });
  const available = types.filter((type) => !draft.elementTypes.includes(type.element_type));
  const title = t('dashboard.compare');

  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Title order={4} mb="md">
        {title}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('dashboard.compareElements')}
            </Text>
            {draft.elementTypes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.compareNoElements')}
              </Text>
            ) : (
              <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {draft.elementTypes.map((id) => (
                  <li key={id}>
                    <Badge
                      size="lg"
                      variant="light"
                      radius="sm"
                      tt="none"
                      rightSection={
                        <CloseButton
                          size="xs"
                          aria-label={t('dashboard.removeElement', { name: nameOf(id) })}
                          onClick={() =>
                            setDraft((current) => ({
                              ...current,
                              elementTypes: current.elementTypes.filter((typeId) => typeId !== id),
                            }))
                          }
                        />
                      }
                    >
                      {nameOf(id)}
                    </Badge>
                  </li>
                ))}
              </Group>
            )}
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Select
                label={t('dashboard.elementType')}
                data={available.map((type) => ({ value: String(type.element_type), label: typeLabel(type) }))}
                value={typeToAdd}
                onChange={setTypeToAdd}
                style={{ flex: 1 }}
                searchable
              />
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                disabled={typeToAdd === null}
                onClick={() => {
                  if (typeToAdd === null) return;
                  setDraft((current) => ({
                    ...current,
                    elementTypes: addCompareElement(current.elementTypes, Number(typeToAdd)),
                  }));
                  setErrors((current) => ({ ...current, elements: undefined }));
                  setTypeToAdd(null);
                }}
              >
                {t('dashboard.addElement')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('dashboard.crossFilters')}
            </Text>
            <Select
              label={t('dashboard.ctr')}
              placeholder={t('dashboard.allCtrs')}
              data={(ctrs ?? []).map((ctr) => ({ value: String(ctr.id), label: ctr.code }))}
              value={draft.ctr === null ? null : String(draft.ctr)}
              onChange={(value) => setDraft((current) => ({ ...current, ctr: value ? Number(value) : null }))}
              clearable
              searchable
            />
            <Text size="sm" fw={600} mt="xs">
              {t('dashboard.stateDate')}
            </Text>
            <Group gap="xs" grow align="flex-start">
              <DateInput
                label={t('dashboard.startDate')}
                value={draft.startDate}
                onChange={(value) => setDraft((current) => ({ ...current, startDate: value || null }))}
                error={errors.startDate && t(`dashboard.${errors.startDate}`)}
                valueFormat={DATE_INPUT_FORMAT}
              />
              <DateInput
                label={t('dashboard.endDate')}
                value={draft.endDate}
                onChange={(value) => setDraft((current) => ({ ...current, endDate: value || null }))}
                error={errors.endDate && t(`dashboard.${errors.endDate}`)}
                valueFormat={DATE_INPUT_FORMAT}
              />
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="space-between" mt="md" gap="sm">
        <Text size="sm" c="dimmed">
          {t('dashboard.okVsNotOk')}
        </Text>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconCalendarDue size={16} />} onClick={updateDate}>
            {t('dashboard.updateDate')}
          </Button>
          <Button leftSection={<IconGitCompare size={16} />} onClick={() => run(draft)}>
            {t('dashboard.compare')}
          </Button>
        </Group>
      </Group>
      {errors.elements && (
        <Alert color="red" variant="light" mt="md" role="alert">
          {t(`dashboard.${errors.elements}`)}
        </Alert>
      )}
      {submitted && answers.error ? (
        <Alert color="red" variant="light" mt="md">
          {t('dashboard.chartError')}
        </Alert>
      ) : submitted ? (
        <Grid gap="lg" mt="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            {answers.isPending ? (
              <Skeleton h={300} />
            ) : (
              <Chart option={option} title={`${title}: ${t('dashboard.okVsNotOk')}`} withFigures={false} />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
              <DataTable
                table={table}
                isLoading={answers.isPending}
                empty={t('dashboard.compareNoElements')}
                aria-label={t('dashboard.okVsNotOk')}
                minWidth={420}
              />
            </Paper>
          </Grid.Col>
        </Grid>
      ) : null}
    </Paper>
  );
}
