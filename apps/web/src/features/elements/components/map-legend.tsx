import { Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ElementType, State } from '@heliotrack/domain/catalogues';
import { StateSwatch } from '../../../components/state-badge/state-badge';
import { useElementTypeLabel } from '../../../lib/element-type-label';

/**
 * Legend and filter in one: each element type with its states in their map colours. Unticking a
 * type or a state hides it on the map.
 */
export function MapLegend({
  types,
  states,
  hiddenTypes,
  hiddenStates,
  onToggleType,
  onToggleState,
  onShowAll,
}: {
  types: ElementType[];
  states: State[];
  hiddenTypes: ReadonlySet<string>;
  hiddenStates: ReadonlySet<number>;
  onToggleType: (code: string) => void;
  onToggleState: (id: number) => void;
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const isFiltered = hiddenTypes.size > 0 || hiddenStates.size > 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={700} size="sm">
          {t('map.legend.title')}
        </Text>
        {isFiltered && (
          <Anchor component="button" type="button" size="xs" onClick={onShowAll}>
            {t('map.legend.showAll')}
          </Anchor>
        )}
      </Group>
      {types.map((type) => {
        const typeStates = states.filter((state) => state.element_type === type.id);
        const isTypeVisible = !hiddenTypes.has(type.code);
        return (
          <Stack key={type.code} gap={6} role="group" aria-label={typeLabel(type)}>
            <Checkbox
              label={
                <Text fw={600} size="sm">
                  {typeLabel(type)}
                </Text>
              }
              checked={isTypeVisible}
              onChange={() => onToggleType(type.code)}
              size="xs"
            />
            {typeStates.map((state) => (
              <Checkbox
                key={state.id}
                ml="lg"
                size="xs"
                disabled={!isTypeVisible}
                checked={!hiddenStates.has(state.id)}
                onChange={() => onToggleState(state.id)}
                aria-label={t('map.legend.stateOfType', { state: state.name, type: type.name })}
                label={
                  <Group gap={6} wrap="nowrap">
                    <StateSwatch color={state.color} size={12} />
                    <Text size="xs">{state.name}</Text>
                  </Group>
                }
              />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
