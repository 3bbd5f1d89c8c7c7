import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Solar amber to burnt orange; shade 7 carries white text on buttons. */
const solar: MantineColorsTuple = [
  '#fff8e1',
  '#ffefc2',
  '#ffdf8a',
  '#ffcd4f',
  '#ffbd22',
  '#f9a806',
  '#e8900c',
  '#c96f08',
  '#a85b0a',
  '#87480d',
];

export const theme = createTheme({
  primaryColor: 'solar',
  primaryShade: { light: 7, dark: 6 },
  colors: { solar },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
    // A list opens under its field's left edge. Centred under the field, on a phone it was placed
    // before its width was known and ran off the right edge, widening the page (issue 22).
    Combobox: { defaultProps: { position: 'bottom-start' } },
  },
});
