import { normaliseColor } from '@heliotrack/domain/catalogues';

/**
 * Colours of element states. The server sends them as hex without '#'; the specification's rule
 * (DEFAULT_STATE_COLOR when the stored value is not a valid colour) applies here too, so a bad
 * colour never reaches CSS or MapLibre.
 */
export function stateCssColor(color: string | null | undefined): string {
  return `#${normaliseColor(color)}`;
}

/**
 * Black or white text on a state's colour, by the YIQ brightness of the colour (threshold 150): amber
 * and light grey states get dark text; the saturated blues, greens and reds of states get white
 * text, as in Material's palette. Pure contrast ratios would put black text on nearly every colour.
 */
export function textColorOn(color: string | null | undefined): '#1a1b1e' | '#ffffff' {
  const hex = normaliseColor(color);
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16));
  const brightness = (r * 299 + g * 587 + b * 114) / 1000;
  return brightness >= 150 ? '#1a1b1e' : '#ffffff';
}
