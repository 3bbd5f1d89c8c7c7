import { describe, expect, it } from 'vitest';
import { stateCssColor, textColorOn } from './state-color';

describe('state colours', () => {
  it('turn the server hex into CSS and fall back to ff8000 when it is not a colour', () => {
    expect(stateCssColor('43a047')).toBe('#43a047');
    expect(stateCssColor('#1E88E5')).toBe('#1e88e5');
    expect(stateCssColor('not a colour')).toBe('#ff8000');
    expect(stateCssColor(null)).toBe('#ff8000');
  });

  it('write black or white text, whichever reads better on the state', () => {
    expect(textColorOn('bdbdbd')).toBe('#000000'); // Pendiente, light grey
    expect(textColorOn('ffb300')).toBe('#000000'); // amber
    expect(textColorOn('1e88e5')).toBe('#000000'); // blue: white would be 3.7:1
    expect(textColorOn('1565c0')).toBe('#ffffff'); // dark blue
    expect(textColorOn('not a colour')).toBe('#000000'); // the fallback orange
  });
});
