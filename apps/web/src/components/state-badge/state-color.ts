import { normaliseColor } from '@heliotrack/domain/catalogues';
import { readableTextOn } from '@heliotrack/domain/contrast';

/**
 * Colours of element states. The server sends them as hex without '#'; the specification's rule
 * (DEFAULT_STATE_COLOR when the stored value is not a valid colour) applies here too, so a bad
 * colour never reaches CSS or MapLibre.
 */
export function stateCssColor(color: string | null | undefined): string {
  return `#${normaliseColor(color)}`;
}

/** Black or white text on a state's colour, whichever contrasts more (at least 4.5:1, issue 34). */
export function textColorOn(color: string | null | undefined): '#000000' | '#ffffff' {
  return readableTextOn(normaliseColor(color));
}
