import { useMediaQuery } from '@mantine/hooks';

/**
 * Screens in the field (issue 22). Phones are narrower than Mantine's `sm` breakpoint (48em, 768 px):
 * they get the field layout (filters in a drawer, the field's columns, full-screen dialogs). Tablets,
 * upright or sideways, and any device with a coarse pointer get touch targets of at least 44 px,
 * because technicians tap them outdoors, often with gloves.
 */
export const PHONE_QUERY = '(max-width: 47.99em)';
export const TOUCH_QUERY = '(max-width: 63.99em), (pointer: coarse)';

/** Minimum side of anything a technician taps, in px (WCAG 2.5.5 and platform guidelines). */
export const TOUCH_TARGET = 44;

// Read at the first render (the app renders in the browser only), so a phone never draws the office
// layout first and then jumps.
const NOW = { getInitialValueInEffect: false } as const;

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, NOW);
}

export function useIsTouch(): boolean {
  return useMediaQuery(TOUCH_QUERY, undefined, NOW);
}

/**
 * The height a page has under the app's header (60 px) and the main area's padding (16 px on
 * phones, 24 px from `sm` up), for pages that fill the screen, such as the map.
 */
export function fieldPageHeight(isPhone: boolean): string {
  return `calc(100dvh - 60px - ${isPhone ? 32 : 48}px)`;
}
