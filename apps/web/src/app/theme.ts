import { createTheme, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

/**
 * Issue 34: every text at least 4.5:1 (WCAG 2.1 AA), every control and focus ring 3:1, in the
 * light and the dark scheme; the "Alto contraste" theme reaches 7:1 (AAA) for field use in sun.
 *
 * Solar amber to burnt orange. Shade 7 is the filled buttons' colour and the brand's text colour:
 * 5.0:1 with white (the old #c96f08 was 3.6:1). The light shades keep the brand recognisable.
 */
const solar: MantineColorsTuple = [
  '#fff8e1',
  '#ffefc2',
  '#ffdf8a',
  '#ffcd4f',
  '#ffbd22',
  '#f9a806',
  '#e8900c',
  '#a85b0a',
  '#8f4d08',
  '#6f3c06',
];

/** The sun theme's brand: shade 7 is 8.9:1 with white. */
const solarHighContrast: MantineColorsTuple = [
  '#fff8e1',
  '#ffefc2',
  '#ffdf8a',
  '#ffcd4f',
  '#ffbd22',
  '#f9a806',
  '#e8900c',
  '#7a3f05',
  '#5f3104',
  '#472403',
];

/**
 * Mantine's palette colours used as text (c="red", a red Menu.Item, an Anchor) are its shade 7
 * (the primary shade) in the light scheme: red, green, teal, orange and yellow are 2.2–3.9:1 on
 * white. Text takes darker shades: at least 4.5:1 on white, on gray.0 (the page's ground) and on
 * the colour's own shade 1, the ground axe measures behind a light badge (teal's #087f5b was 4.3:1).
 */
const TEXT_COLORS_AA: Record<string, string> = {
  solar: '#8f4d08',
  red: '#b02525',
  green: '#256b33',
  teal: '#07704f',
  blue: '#1864ab',
  orange: '#b3400c',
  yellow: '#8a5a00',
  gray: '#495057',
};
/** The same at 7:1 and more. */
const TEXT_COLORS_AAA: Record<string, string> = {
  red: '#9b1c1c',
  green: '#1f5c2b',
  teal: '#065c42',
  blue: '#0f4a80',
  orange: '#8a300a',
  yellow: '#614000',
  gray: '#343a40',
  solar: '#5f3104',
};

/** Text, light badges' text and outline badges' text and border take the readable shade. */
function textVariables(colors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colors).flatMap(([name, value]) => [
      [`--mantine-color-${name}-text`, value],
      [`--mantine-color-${name}-light-color`, value],
      [`--mantine-color-${name}-outline`, value],
    ]),
  );
}

const common: MantineThemeOverride = {
  primaryColor: 'solar',
  // The filled variant of every colour gets black or white text, whichever contrasts more (Mantine
  // compares the luminance with 0.179, the point where both give the same ratio).
  autoContrast: true,
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
};

export const theme = createTheme({
  ...common,
  // Dark: shade 7 too. Shade 6 (#e8900c) took white text at 2.5:1 on filled buttons.
  primaryShade: { light: 7, dark: 7 },
  colors: { solar },
});

/** "Alto contraste": black text on white, the darker brand, heavier borders (app/high-contrast.css). */
export const highContrastTheme = createTheme({
  ...common,
  primaryShade: { light: 7, dark: 7 },
  colors: { solar: solarHighContrast },
  black: '#000000',
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Help text (c="dimmed") was Mantine's gray.6, 3.3:1 on white.
    '--app-ground': 'var(--mantine-color-gray-0)',
    // A pending result: dark amber text (7:1 on white), the amber for the outline.
    '--app-pending-text': '#6b4700',
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c737a',
    ...textVariables(TEXT_COLORS_AA),
  },
  dark: {
    // The page's ground (layouts, empty states): dark in the dark scheme. Its own variable: gray.0
    // itself is the dark scheme's text colour of gray light and subtle buttons and badges.
    '--app-ground': 'var(--mantine-color-dark-8)',
    '--app-pending-text': 'var(--mantine-color-yellow-3)',
    // Mantine's dark placeholder (dark.3) was 2.5:1 on an input's dark.6.
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-solar-text': 'var(--mantine-color-solar-4)',
  },
});

export const highContrastCssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-text': '#000000',
    '--mantine-color-dimmed': '#2e3338',
    '--mantine-color-placeholder': '#3d4349',
    '--mantine-color-default-border': '#495057',
    '--mantine-color-body': '#ffffff',
    '--app-ground': '#ffffff',
    '--app-pending-text': '#6b4700',
    ...textVariables(TEXT_COLORS_AAA),
  },
  dark: {},
});
