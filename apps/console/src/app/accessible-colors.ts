/**
 * Colours the antd theme is given so that text stays readable (WCAG AA, 4.5:1 for normal text):
 * the theme colour the settings drawer offers is the hue, not necessarily the shade text and
 * buttons are drawn in.
 */

/** The 4.5:1 of WCAG AA, with a little margin for antd's hover and active shades. */
export const READABLE_CONTRAST = 4.6;

const parseHex = (hex: string): [number, number, number] | undefined => {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return undefined;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

const toHex = (rgb: readonly number[]): string =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

const relativeLuminance = ([r, g, b]: readonly number[]): number => {
  const linear = (channel = 0) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21); 1 when either is not one. */
export const contrastRatio = (foreground: string, background: string): number => {
  const a = parseHex(foreground);
  const b = parseHex(background);
  if (!a || !b) return 1;
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
};

/**
 * `hex`, or the first darker shade of its hue (mixed with black in 4 % steps) that white text on
 * it and it as text on `background` both read at {@link READABLE_CONTRAST}: primary buttons,
 * links and the active tab. Anything that is not `#rrggbb` comes back as it is.
 */
export const toReadableShade = (hex: string, background = '#ffffff'): string => {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  for (let step = 0; step <= 25; step += 1) {
    const shade = toHex(rgb.map((channel) => channel * (1 - step * 0.04)));
    if (contrastRatio(shade, background) >= READABLE_CONTRAST) return shade;
  }
  return '#000000';
};

/**
 * Secondary and tertiary text (descriptions, hints, breadcrumbs, empty states, waiting steps) on
 * white and the light greys of cards: antd's 45 % black reads at 3.4:1, this at 5.7:1 or more.
 */
export const READABLE_SECONDARY_TEXT = 'rgba(0, 0, 0, 0.62)';
