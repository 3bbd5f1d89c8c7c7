import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendarDue, IconGitCompare, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementsOk } from '@heliotrack/domain/dashboard';
import type { Element } from '@heliotrack/domain/elements';
import { Chart } from '../../../components/chart/chart';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { formatDate, formatInteger } from '../../../lib/format';
import { useElementsByStateList } from '../api/get-elements-by-state';
import { compareOption } from '../lib/chart-options';
import {
  addCompareElement,
  compareRows,
  hasErrors,
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
      ) : submitted && rows.length > 0 ? (
        <Grid gap="lg" mt="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Chart option={option} title={`${title}: ${t('dashboard.okVsNotOk')}`} withFigures={false} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Table.ScrollContainer minWidth={420}>
              <Table striped withTableBorder aria-label={t('dashboard.okVsNotOk')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dashboard.elementType')}</Table.Th>
                    <Table.Th ta="right">{labels.okStart}</Table.Th>
                    <Table.Th ta="right">{labels.notOkStart}</Table.Th>
                    <Table.Th ta="right">{labels.okEnd}</Table.Th>
                    <Table.Th ta="right">{labels.notOkEnd}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.okChange')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {rows.map((row) => (
                    <Table.Tr key={row.elementType}>
                      <Table.Td>{nameOf(row.elementType)}</Table.Td>
                      <Table.Td ta="right">{formatInteger(row.start.ok)}</Table.Td>
                      <Table.Td ta="right">{formatInteger(row.start.notOk)}</Table.Td>
                      <Table.Td ta="right">{formatInteger(row.end.ok)}</Table.Td>
                      <Table.Td ta="right">{formatInteger(row.end.notOk)}</Table.Td>
                      <Table.Td
                        ta="right"
                        c={row.okChange > 0 ? 'green.8' : row.okChange < 0 ? 'red.8' : undefined}
                      >
                        {row.okChange > 0 ? '+' : ''}
                        {formatInteger(row.okChange)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Grid.Col>
        </Grid>
      ) : null}
    </Paper>
  );
}
