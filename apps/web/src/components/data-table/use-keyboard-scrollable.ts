import { useLayoutEffect, useState, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Whether a scrolling box must take the keyboard focus itself (WCAG 2.1.1, axe's
 * scrollable-region-focusable): when it scrolls (a table wider than a phone) and nothing inside it
 * can take the focus (no link or button in its rows), a keyboard user could not scroll it otherwise.
 * Measured after each change of `content` and whenever the box is resized.
 */
export function useKeyboardScrollable(ref: RefObject<HTMLElement | null>, content: unknown): boolean {
  const [needed, setNeeded] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const scrolls = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
      setNeeded(scrolls && box.querySelector(FOCUSABLE) === null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref, content]);
  return needed;
}
