import { describe, expect, it } from 'vitest';
import { stateCssColor, textColorOn } from './state-color';

describe('state colours', () => {
  it('turn the server hex into CSS and fall back to ff8000 when it is not a colour', () => {
    expect(stateCssColor('43a047')).toBe('#43a047');
    expect(stateCssColor('#1E88E5')).toBe('#1e88e5');
    expect(stateCssColor('not a colour')).toBe('#ff8000');
    expect(stateCssColor(null)).toBe('#ff8000');
  });

  it('write dark text on light states and white text on dark ones', () => {
    expect(textColorOn('bdbdbd')).toBe('#1a1b1e'); // Pendiente, light grey
    expect(textColorOn('ffb300')).toBe('#1a1b1e'); // amber
    expect(textColorOn('1e88e5')).toBe('#ffffff'); // blue
    expect(textColorOn('e53935')).toBe('#ffffff'); // No OK, red
  });
});
