import { Badge, ColorSwatch, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { stateCssColor, textColorOn } from './state-color';

export interface StateBadgeState {
  name: string;
  color: string;
  description?: string;
}

/** An element's state as a badge in the state's own colour; "no state" when it has none. */
export function StateBadge({
  state,
  size = 'md',
  ...props
}: { state: StateBadgeState | null | undefined } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  if (!state) {
    return (
      <Badge size={size} variant="outline" color="gray" radius="sm" tt="none" {...props}>
        {t('elements.noState')}
      </Badge>
    );
  }
  return (
    <Badge
      size={size}
      radius="sm"
      tt="none"
      fw={600}
      title={state.description || undefined}
      style={{ backgroundColor: stateCssColor(state.color), color: textColorOn(state.color) }}
      {...props}
    >
      {state.name}
    </Badge>
  );
}

/** The small colour dot of a state, for legends and select options. */
export function StateSwatch({ color, size = 14 }: { color: string; size?: number }) {
  return <ColorSwatch color={stateCssColor(color)} size={size} withShadow={false} aria-hidden />;
}
