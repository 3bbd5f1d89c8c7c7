/**
 * WCAG 2.1 contrast (issue 34). The text on a colour a user chose (a state's colour in
 * client-states) is black or white, whichever contrasts more with it: the better of the two is
 * always at least 4.58:1, so any colour gets readable text (AA for normal text).
 */

/** Relative luminance of a hex colour ('#rrggbb' or 'rrggbb'), 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const value = hex.replace(/^#/, '');
  const [r, g, b] = [0, 2, 4].map((start) => {
    const channel = parseInt(value.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

export const DARK_TEXT = '#000000';
export const LIGHT_TEXT = '#ffffff';

/** Black or white, whichever reads better on `background` (a hex colour). */
export function readableTextOn(background: string): typeof DARK_TEXT | typeof LIGHT_TEXT {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}
