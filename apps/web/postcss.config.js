import mantinePreset from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';

/** Breakpoints from spec 1 section 9 (small 450, medium 768, large 1170). */
export default {
  plugins: [
    mantinePreset(),
    simpleVars({
      variables: {
        'mantine-breakpoint-xs': '28.125em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '48em',
        'mantine-breakpoint-lg': '73.125em',
        'mantine-breakpoint-xl': '88em',
      },
    }),
  ],
};
