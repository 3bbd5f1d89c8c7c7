/*
 * A Bluetooth or USB barcode scanner paired as a keyboard ("keyboard wedge") types a read as a burst
 * of keystrokes a few milliseconds apart, ended by Enter. A person types far slower. The reader keeps
 * the characters since the last pause and hands the code over on Enter when the keys came fast on
 * average: one late key (a busy device, a radio hiccup) does not cut a read in two, and slow typing
 * is dropped (manual entry has its own field, whose keystrokes the page leaves alone).
 */

/** Average gap between the keys of a read: scanners send 1–20 ms; people type 150 ms and more apart. */
export const WEDGE_MAX_AVERAGE_GAP_MS = 80;
/** A pause this long starts a new read: what came before it is not part of this one. */
export const WEDGE_PAUSE_MS = 400;
/** Shortest read: a lone Enter or a few keys are not a code. */
export const WEDGE_MIN_LENGTH = 4;

export interface WedgeKey {
  key: string;
  /** Milliseconds, e.g. event.timeStamp. */
  time: number;
}

export class WedgeReader {
  private buffer = '';
  private first = 0;
  private last = -Infinity;

  constructor(private readonly onCode: (code: string) => void) {}

  /** Feeds one keydown; true when the key belonged to a read (the page should not act on it). */
  key({ key, time }: WedgeKey): boolean {
    // Shift, Control…: scanners press Shift for capitals; they neither end nor start a burst.
    if (key.length !== 1 && key !== 'Enter' && key !== 'Tab') return false;
    const paused = time - this.last >= WEDGE_PAUSE_MS;
    this.last = time;
    if (key === 'Enter' || key === 'Tab') {
      const code = paused ? '' : this.buffer;
      // Gaps between the code's keys and the Enter: as many as characters.
      const fast = code.length > 0 && (time - this.first) / code.length <= WEDGE_MAX_AVERAGE_GAP_MS;
      this.buffer = '';
      if (fast && code.length >= WEDGE_MIN_LENGTH) {
        this.onCode(code);
        return true;
      }
      return false;
    }
    if (paused || this.buffer === '') {
      this.buffer = key;
      this.first = time;
    } else this.buffer += key;
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
