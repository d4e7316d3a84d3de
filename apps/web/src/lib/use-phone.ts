import { em, px, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True on a screen below the theme's `sm` breakpoint (a phone held upright), where wide tables turn
 * into cards. Read on the first render, so a phone never draws the wide layout first; never true when
 * printing (an A4 page is narrower than the breakpoint, and the printed report keeps its tables).
 */
export function usePhone(): boolean {
  const theme = useMantineTheme();
  // Mantine's own `hiddenFrom="sm"` query: just under the breakpoint.
  const below = em(Number(px(theme.breakpoints.sm)) - 0.1);
  return useMediaQuery(`screen and (max-width: ${below})`, false, { getInitialValueInEffect: false });
}
