import { DEFAULT_THEME, luminance, type MantineColorsTuple } from '@mantine/core';

/**
 * Colours that pass WCAG 2.1 AA contrast (issue 28 item 1, docs/decisions/030-accessibility.md). Mantine's
 * default palettes are kept for fills and backgrounds (shades 0–6); the text shades (7–9) of the light
 * palettes are darkened until they read at 4.5:1, and dimmed text gets its own darker grey.
 */

/** WCAG AA for normal text. */
export const AA = 4.5;

const WHITE = '#ffffff';

/** The WCAG 2.1 contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` with every channel scaled by 1 − `amount` (the same hue, darker). */
function darken(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((n >> shift) & 255) * (1 - amount))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** `colour`, darkened in 2% steps only as far as it must to reach `ratio` on every background. */
export function readableOn(colour: string, backgrounds: readonly string[], ratio = AA): string {
  let result = colour;
  for (let step = 1; Math.min(...backgrounds.map((bg) => contrast(result, bg))) < ratio; step++) {
    result = darken(colour, step * 0.02);
  }
  return result;
}

/**
 * A palette whose shades 7–9 are text shades: 7 and 8 read on white and on the palette's own tints
 * (shades 0 and 1), 9 — the light variant's text (badges, light buttons, alerts) — also on its hover
 * tint (shade 2); each is at least as dark as the one before. Palettes that already pass are returned
 * unchanged.
 */
export function withTextShades(palette: readonly string[]): MantineColorsTuple {
  const tints = [WHITE, palette[0], palette[1]];
  const seven = readableOn(palette[7], tints);
  const eight = readableOn(readableOn(palette[8], tints), [WHITE], contrast(seven, WHITE));
  const nine = readableOn(readableOn(palette[9], [...tints, palette[2]]), [WHITE], contrast(eight, WHITE));
  return [...palette.slice(0, 7), seven, eight, nine] as unknown as MantineColorsTuple;
}

/** Every Mantine palette the app may name (`color="orange"`, `c="teal.7"`), with text-safe dark shades. */
export const textSafeColours = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, withTextShades(palette)]),
) as Record<keyof typeof DEFAULT_THEME.colors, MantineColorsTuple>;

/** The light backgrounds secondary text sits on: white and every light palette's first two tints. */
export const LIGHT_BACKGROUNDS = [
  WHITE,
  ...Object.entries(DEFAULT_THEME.colors)
    .filter(([name]) => name !== 'dark')
    .flatMap(([, palette]) => [palette[0], palette[1]]),
];

/** Dimmed (secondary) text: Mantine's grey 6, darkened to read on every light background. */
export const DIMMED = readableOn(DEFAULT_THEME.colors.gray[6], LIGHT_BACKGROUNDS);

/**
 * Filled buttons and badges pick black or white text, whichever contrasts more: at this luminance
 * both reach 4.58:1, so every fill gets at least that.
 */
export const LUMINANCE_THRESHOLD = 0.179;
