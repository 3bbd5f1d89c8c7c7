import {
  Badge,
  Button,
  Drawer,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { IconFilter, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contractor, ElementType, State } from '@heliotrack/domain/catalogues';
import type { Element } from '@heliotrack/domain/elements';
import { DAY_FORMAT } from '../../lib/day';
import { useIsPhone, useIsTouch } from '../../lib/field-layout';
import { StateSwatch } from '../state-badge/state-badge';
import {
  EMPTY_FILTERS,
  SERIAL_FLAGS,
  type ElementFilterValues,
  type SerialFlag,
} from '../../api/get-elements';
import { countActiveFilters } from './element-list-search';

/**
 * The element table's filters. Text filters apply 300 ms after typing stops; the others at once.
 * The CT filter appears for types that hang from a CT (ctr_dependent), with the plant's CTs. The
 * page keys this bar by element type, so its local text and range start again on another tab.
 * On phones and tablets the fields would fill the first screen: they wait behind one "Filtros"
 * button, which counts the active filters, in a bottom drawer (issue 22). The bar keeps the typed text while the
 * drawer is closed.
 */
export function ElementFiltersBar({
  elementType,
  filters,
  states,
  contractors,
  ctrs,
  onChange,
}: {
  elementType: ElementType;
  filters: ElementFilterValues;
  states: State[];
  contractors: Contractor[];
  ctrs: Pick<Element, 'id' | 'code'>[] | undefined;
  onChange: (filters: ElementFilterValues) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(filters.code);
  const [serial, setSerial] = useState(filters.serial);
  const [range, setRange] = useState<[string | null, string | null]>([
    filters.updatedFrom,
    filters.updatedTo,
  ]);
  const applyText = useDebouncedCallback(
    (patch: Partial<ElementFilterValues>) => onChange({ ...filters, ...patch }),
    300,
  );
  const stateById = new Map(states.map((state) => [state.id, state]));
  const showCt = elementType.ctr_dependent && elementType.code !== 'CTR';
  const activeCount = countActiveFilters(filters);
  const isPhone = useIsPhone();
  // Phones and tablets, upright or sideways: the fields would push the table below the first screen.
  const inDrawer = useIsTouch();
  const [isDrawerOpen, drawer] = useDisclosure(false);

  function clearAll() {
    setCode('');
    setSerial('');
    setRange([null, null]);
    applyText.cancel();
    onChange(EMPTY_FILTERS);
  }

  const clearButton = (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconFilterOff size={16} aria-hidden />}
      disabled={activeCount === 0}
      onClick={clearAll}
    >
      {t('elements.filters.clear')}
    </Button>
  );

  const fields = (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label={t('elements.filters.code')}
        placeholder={t('elements.filters.codePlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={code}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          applyText({ code: event.currentTarget.value });
        }}
      />
      <MultiSelect<number>
        label={t('elements.filters.state')}
        placeholder={filters.states.length ? undefined : t('elements.filters.anyState')}
        data={states.map((state) => ({ value: state.id, label: state.name }))}
        value={filters.states}
        onChange={(value) => onChange({ ...filters, states: value })}
        renderOption={({ option }) => {
          const state = stateById.get(option.value);
          return (
            <Group gap="xs" wrap="nowrap">
              <StateSwatch color={state?.color ?? ''} />
              {option.label}
            </Group>
          );
        }}
        clearable
        searchable
        nothingFoundMessage={t('elements.filters.nothingFound')}
      />
      <Select<number>
        label={t('elements.filters.contractor')}
        placeholder={t('elements.filters.anyContractor')}
        data={contractors.map((contractor) => ({ value: contractor.id, label: contractor.name }))}
        value={filters.contractor}
        onChange={(value) => onChange({ ...filters, contractor: value })}
        clearable
        searchable
        nothingFoundMessage={t('elements.filters.nothingFound')}
      />
      {showCt && (
        <Select<number>
          label={t('elements.filters.ct')}
          placeholder={t('elements.filters.anyCt')}
          data={(ctrs ?? []).map((ctr) => ({ value: ctr.id, label: ctr.code }))}
          value={filters.ct}
          onChange={(value) => onChange({ ...filters, ct: value })}
          clearable
          searchable
          disabled={!ctrs}
          nothingFoundMessage={t('elements.filters.nothingFound')}
        />
      )}
      <TextInput
        label={t('elements.filters.serial')}
        placeholder={t('elements.filters.serialPlaceholder')}
        value={serial}
        onChange={(event) => {
          setSerial(event.currentTarget.value);
          applyText({ serial: event.currentTarget.value });
        }}
      />
      <DatePickerInput
        type="range"
        label={t('elements.filters.updated')}
        placeholder={t('elements.filters.updatedPlaceholder')}
        value={range}
        onChange={(value) => {
          setRange(value);
          // A range is applied once both ends are chosen, or when it is cleared.
          const [from, to] = value;
          if ((from && to) || (!from && !to)) onChange({ ...filters, updatedFrom: from, updatedTo: to });
        }}
        valueFormat={DAY_FORMAT}
        allowSingleDateInRange
        clearable
        maxDate={new Date()}
        dropdownType={isPhone ? 'modal' : 'popover'}
      />
      <MultiSelect<SerialFlag>
        label={t('elements.filters.serialFlags')}
        placeholder={filters.serialFlags.length ? undefined : t('elements.filters.anySerialFlag')}
        data={SERIAL_FLAGS.map((flag) => ({ value: flag, label: t(`elements.serialFlags.${flag}`) }))}
        value={filters.serialFlags}
        onChange={(value) => onChange({ ...filters, serialFlags: value })}
        clearable
      />
      {!inDrawer && <Group align="flex-end">{clearButton}</Group>}
    </SimpleGrid>
  );

  if (!inDrawer) {
    return (
      <Paper withBorder p="sm">
        {fields}
      </Paper>
    );
  }

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant={activeCount ? 'light' : 'default'}
          leftSection={<IconFilter size={18} aria-hidden />}
          rightSection={
            activeCount ? (
              <Badge size="sm" circle aria-hidden>
                {activeCount}
              </Badge>
            ) : undefined
          }
          aria-label={
            activeCount
              ? t('elements.filters.openActive', { count: activeCount })
              : t('elements.filters.open')
          }
          aria-haspopup="dialog"
          aria-expanded={isDrawerOpen}
          onClick={drawer.open}
          style={{ flex: 1 }}
        >
          {t('elements.filters.open')}
        </Button>
        {activeCount > 0 && clearButton}
      </Group>
      <Drawer
        opened={isDrawerOpen}
        onClose={drawer.close}
        position="bottom"
        size="85dvh"
        title={t('elements.filters.open')}
        closeButtonProps={{ 'aria-label': t('common.close'), size: 'xl' }}
        styles={{ content: { borderTopLeftRadius: 16, borderTopRightRadius: 16 } }}
      >
        {fields}
        <Group
          justify="space-between"
          wrap="nowrap"
          pt="sm"
          pb="xs"
          mt="md"
          bg="var(--mantine-color-body)"
          style={{ position: 'sticky', bottom: 0, zIndex: 1 }}
        >
          {clearButton}
          <Button onClick={drawer.close}>{t('elements.filters.showResults')}</Button>
        </Group>
      </Drawer>
    </>
  );
}
