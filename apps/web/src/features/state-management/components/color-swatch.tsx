import { ColorSwatch } from '@mantine/core';

/** A state's colour (stored as hex without '#'), named by its hex: an image, as a plain div may not carry aria-label. */
export function StateColorSwatch({ color, size = 18 }: { color: string; size?: number }) {
  return <ColorSwatch color={`#${color}`} size={size} withShadow={false} role="img" aria-label={`#${color}`} />;
}
