/*
 * A Bluetooth or USB barcode scanner paired as a keyboard ("keyboard wedge") types a read as a burst
 * of keystrokes a few milliseconds apart, ended by Enter. A person types far slower. The reader keeps
 * the characters of a burst and hands the code over on Enter when every gap in it was short; slow
 * typing is dropped (manual entry has its own field, whose keystrokes the page leaves alone).
 */

/** Longest gap between two keystrokes of one read (scanners send 1–20 ms; a loaded device may stretch some gaps; people type 150 ms and more apart). */
export const WEDGE_MAX_GAP_MS = 100;
/** Shortest read: a lone Enter or a few keys are not a code. */
export const WEDGE_MIN_LENGTH = 4;

export interface WedgeKey {
  key: string;
  /** Milliseconds, e.g. event.timeStamp. */
  time: number;
}

export class WedgeReader {
  private buffer = '';
  private last = -Infinity;

  constructor(private readonly onCode: (code: string) => void) {}

  /** Feeds one keydown; true when the key belonged to a read (the page should not act on it). */
  key({ key, time }: WedgeKey): boolean {
    // Shift, Control…: scanners press Shift for capitals; they neither end nor start a burst.
    if (key.length !== 1 && key !== 'Enter' && key !== 'Tab') return false;
    const gap = time - this.last;
    this.last = time;
    if (key === 'Enter' || key === 'Tab') {
      const code = this.buffer;
      const fast = gap <= WEDGE_MAX_GAP_MS;
      this.buffer = '';
      if (fast && code.length >= WEDGE_MIN_LENGTH) {
        this.onCode(code);
        return true;
      }
      return false;
    }
    // A slow key starts a new burst: what a person typed before it is not part of a read.
    this.buffer = gap <= WEDGE_MAX_GAP_MS ? this.buffer + key : key;
    return this.buffer.length > 1;
  }

  reset(): void {
    this.buffer = '';
    this.last = -Infinity;
  }
}

/** Fields where typing is the user's own (manual entry, search): the reader leaves them alone. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Listens to the whole page's keystrokes while mounted; answers the function that stops it. */
export function listenForWedge(onCode: (code: string) => void, target: Window = window): () => void {
  const reader = new WedgeReader(onCode);
  const listener = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
    if (reader.key({ key: event.key, time: event.timeStamp })) event.preventDefault();
  };
  target.addEventListener('keydown', listener);
  return () => target.removeEventListener('keydown', listener);
}
