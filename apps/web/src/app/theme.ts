import { Button, type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { layout } from '../config/constants';
import { DIMMED, LUMINANCE_THRESHOLD, textSafeColours, withTextShades } from './theme-colours';

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

/** Names of controls Mantine draws without one (WCAG 4.1.2): pagination arrows and date clear buttons. */
export const CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
  clear: 'Clear',
  close: 'Close',
  closeDialog: 'Close dialog',
} as const;

/** The clear (×) button of these inputs is named "Clear"; every other close button "Close". */
const CLEARABLE = ['FileInput', 'Select', 'MultiSelect', 'Autocomplete', 'TagsInput', 'PickerInputBase'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { ...textSafeColours, brand: withTextShades(brand) },
  // Filled buttons and badges: black or white text, whichever reads better on the fill (AA).
  autoContrast: true,
  luminanceThreshold: LUMINANCE_THRESHOLD,
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
    Pagination: {
      defaultProps: {
        getControlProps: (control: keyof typeof CONTROL_NAMES) => ({ 'aria-label': CONTROL_NAMES[control] }),
      },
    },
    // Mantine's placeholder that takes the focus on open is a presentational child with a tabindex,
    // which a role="menu" may not hold (axe aria-required-children); the first item takes it instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Modals', drawers' and notifications' × buttons (Mantine draws them without a name).
    CloseButton: { defaultProps: { 'aria-label': CONTROL_NAMES.close } },
    // A dialog's × is named apart from a "Close" button its footer may have.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': CONTROL_NAMES.closeDialog } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': CONTROL_NAMES.closeDialog } } },
    // Date pickers (DatePickerInput and friends share PickerInputBase) and the other clearable inputs.
    ...Object.fromEntries(
      CLEARABLE.map((name) => [
        name,
        { defaultProps: { clearButtonProps: { 'aria-label': CONTROL_NAMES.clear } } },
      ]),
    ),
  },
});

/**
 * Text colours that pass AA on the app's light backgrounds: dimmed text, and `c="red"` or outline
 * buttons use the palette's text shade (7) instead of the fill (6).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED,
    ...Object.fromEntries(
      Object.keys(resolved.colors).flatMap((name) => [
        [`--mantine-color-${name}-text`, `var(--mantine-color-${name}-7)`],
        [`--mantine-color-${name}-outline`, `var(--mantine-color-${name}-7)`],
      ]),
    ),
  },
  dark: {},
});
