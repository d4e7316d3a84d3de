import { Button, createTheme, type MantineColorsTuple } from '@mantine/core';
import { layout } from '../config/constants';

/** Indigo brand scale; shade 6 (#4c5fd5) is the primary. */
const brand: MantineColorsTuple = [
  '#eef0fc',
  '#dcdff5',
  '#b5bcea',
  '#8b97df',
  '#6877d6',
  '#5264d1',
  '#4c5fd5',
  '#3b4cb9',
  '#3343a6',
  '#263893',
];

const px = (value: number) => `${value / 16}em`;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  breakpoints: {
    xs: px(layout.breakpoints.small),
    sm: px(layout.breakpoints.medium),
    md: px(layout.breakpoints.medium),
    lg: px(layout.breakpoints.large),
    xl: '88em',
  },
  components: {
    // Button heights from spec 1 section 9: standard 3.125rem, small 2.5rem, baby 2rem.
    Button: Button.extend({
      vars: (_theme, props) => ({
        root: {
          '--button-height': props.size === 'xs' ? '2rem' : props.size === 'sm' ? '2.5rem' : '3.125rem',
        },
      }),
    }),
  },
});
