import { ColorSwatch } from '@mantine/core';

/** A state's colour (stored as hex without '#'). */
export function StateColorSwatch({ color, size = 18 }: { color: string; size?: number }) {
  return <ColorSwatch color={`#${color}`} size={size} withShadow={false} aria-label={`#${color}`} />;
}
