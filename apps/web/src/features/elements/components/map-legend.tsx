import { Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ElementType, State } from '@heliotrack/domain/catalogues';
import { StateSwatch } from '../../../components/state-badge/state-badge';
import { useElementTypeLabel } from '../../../lib/element-type-label';

/** Touch layouts: each line of the legend is a 44 px tall target, the whole label included. */
const TOUCH_STYLES = {
  body: { alignItems: 'center' },
  labelWrapper: { alignSelf: 'stretch' },
  label: { minHeight: 44, display: 'flex', alignItems: 'center' },
} as const;

/**
 * Legend and filter in one: each element type with its states in their map colours. Unticking a
 * type or a state hides it on the map. `isTouch` makes every line a finger-sized target and leaves
 * the title to the sheet that shows the legend.
 */
export function MapLegend({
  types,
  states,
  hiddenTypes,
  hiddenStates,
  onToggleType,
  onToggleState,
  onShowAll,
  isTouch = false,
}: {
  types: ElementType[];
  states: State[];
  hiddenTypes: ReadonlySet<string>;
  hiddenStates: ReadonlySet<number>;
  onToggleType: (code: string) => void;
  onToggleState: (id: number) => void;
  onShowAll: () => void;
  isTouch?: boolean;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const isFiltered = hiddenTypes.size > 0 || hiddenStates.size > 0;
  const checkboxSize = isTouch ? 'md' : 'xs';
  const styles = isTouch ? TOUCH_STYLES : undefined;
  return (
    <Stack gap={isTouch ? 'xs' : 'sm'}>
      {/* In the sheet the sheet's title names it; the line stays only for "show all". */}
      {(!isTouch || isFiltered) && (
        <Group justify="space-between" mih={isTouch ? 44 : undefined}>
          {!isTouch && (
            <Text fw={700} size="sm">
              {t('map.legend.title')}
            </Text>
          )}
          {isFiltered && (
            <Anchor
              component="button"
              type="button"
              size={isTouch ? 'md' : 'xs'}
              onClick={onShowAll}
              mih={isTouch ? 44 : undefined}
            >
              {t('map.legend.showAll')}
            </Anchor>
          )}
        </Group>
      )}
      {types.map((type) => {
        const typeStates = states.filter((state) => state.element_type === type.id);
        const isTypeVisible = !hiddenTypes.has(type.code);
        return (
          <Stack key={type.code} gap={isTouch ? 0 : 6} role="group" aria-label={typeLabel(type)}>
            <Checkbox
              label={
                <Text fw={600} size="sm">
                  {typeLabel(type)}
                </Text>
              }
              checked={isTypeVisible}
              onChange={() => onToggleType(type.code)}
              size={checkboxSize}
              styles={styles}
            />
            {typeStates.map((state) => (
              <Checkbox
                key={state.id}
                ml="lg"
                size={checkboxSize}
                styles={styles}
                disabled={!isTypeVisible}
                checked={!hiddenStates.has(state.id)}
                onChange={() => onToggleState(state.id)}
                aria-label={t('map.legend.stateOfType', { state: state.name, type: type.name })}
                label={
                  <Group gap={6} wrap="nowrap">
                    <StateSwatch color={state.color} size={12} />
                    <Text size={isTouch ? 'sm' : 'xs'}>{state.name}</Text>
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
