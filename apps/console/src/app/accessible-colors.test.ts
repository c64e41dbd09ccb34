import { describe, expect, it } from 'vitest';
import { contrastRatio, READABLE_CONTRAST, toReadableShade } from './accessible-colors';

describe('readable theme colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // antd's default blue under white text: the 4.1:1 Lighthouse reported.
    expect(contrastRatio('#ffffff', '#1677ff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
  });

  it('darkens each theme colour of the settings drawer until text on it and in it reads at 4.5:1', () => {
    for (const color of ['#1677ff', '#722ed1', '#13c2c2', '#52c41a', '#fa541c', '#faad14', '#eb2f96']) {
      const shade = toReadableShade(color);
      expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(READABLE_CONTRAST);
      expect(contrastRatio('#ffffff', shade)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a colour that already reads, and one it cannot parse', () => {
    expect(toReadableShade('#0958d9')).toBe('#0958d9');
    expect(toReadableShade('blue')).toBe('blue');
  });

  it('keeps the hue: the blue stays a blue', () => {
    const shade = toReadableShade('#1677ff');
    expect(shade).not.toBe('#1677ff');
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(shade.slice(at, at + 2), 16));
    expect(b).toBeGreaterThan(g ?? 0);
    expect(g).toBeGreaterThan(r ?? 0);
  });
});
