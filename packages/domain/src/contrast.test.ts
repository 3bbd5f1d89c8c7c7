import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn, relativeLuminance } from './contrast';

describe('contrast', () => {
  it('measures luminance and ratios as WCAG 2.1 defines them', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The old brand orange of the filled buttons with white text: below AA.
    expect(contrastRatio('#c96f08', '#ffffff')).toBeLessThan(4.5);
  });

  it('writes black or white, whichever reads better, on the demo state colours', () => {
    expect(readableTextOn('#bdbdbd')).toBe('#000000'); // Pendiente, light grey
    expect(readableTextOn('#ffb300')).toBe('#000000'); // amber
    expect(readableTextOn('#1e88e5')).toBe('#000000'); // blue: white would be 3.7:1
    expect(readableTextOn('#e53935')).toBe('#000000'); // No OK, red: white would be 4.2:1
    expect(readableTextOn('#1565c0')).toBe('#ffffff'); // dark blue
    expect(readableTextOn('#2e7d32')).toBe('#ffffff'); // dark green
  });

  it('reaches AA (4.5:1) on any colour', () => {
    for (let value = 0; value < 0xffffff; value += 0x0f0f0f / 3) {
      const hex = `#${Math.floor(value).toString(16).padStart(6, '0')}`;
      expect(contrastRatio(hex, readableTextOn(hex))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
