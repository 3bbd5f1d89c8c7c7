import {
  NO_SERIAL_FLAGS,
  normaliseSerial,
  serialFlags,
  type SerialFlags,
  type SerialScanElement,
} from '@heliotrack/domain/serials';

/*
 * A scanning session over one scan plan, as plain data and pure functions (the screen keeps it in
 * a reducer): each read goes to the element under the cursor and the cursor moves on to the next
 * element still without a serial; skip moves on without reading; undo puts back what the last read
 * changed. Flags are computed here at once with the domain's rule (the device's are advisory), and
 * replaced by the server's when its answer arrives.
 */

export interface PlanElement extends SerialFlags {
  id: number;
  code: string;
  list_index: number;
  serial: string;
}

export interface ScanContext {
  maxCodeLength: number;
  /** The plant's delivered serials, or null when the plant keeps no list. */
  delivered: { has(serial: string): boolean } | null;
  /** Elements of the plant outside this plan that hold a serial (from the local database), if known. */
  heldOutside?: (serial: string, elementId: number) => boolean;
}

interface Snapshot {
  elements: PlanElement[];
  cursor: number;
}

export interface ScanSession {
  elements: PlanElement[];
  /** Index of the element the next read goes to; elements.length when every element is read. */
  cursor: number;
  /** What each read changed, the last one last (undo). */
  history: Snapshot[];
}

const hasSerial = (element: PlanElement) => element.serial !== '';

/** The first element from `from` on without a serial, else the first one before it, else the end. */
function nextEmpty(elements: PlanElement[], from: number): number {
  for (let i = from; i < elements.length; i++) if (!hasSerial(elements[i])) return i;
  for (let i = 0; i < Math.min(from, elements.length); i++) if (!hasSerial(elements[i])) return i;
  return elements.length;
}

export function startSession(elements: PlanElement[]): ScanSession {
  const ordered = [...elements].sort((a, b) => a.list_index - b.list_index);
  return { elements: ordered, cursor: nextEmpty(ordered, 0), history: [] };
}

/** Flags of every element of the plan again: a new serial may make another one duplicated, or no longer. */
function reflag(elements: PlanElement[], context: ScanContext): PlanElement[] {
  const holders = new Map<string, number>();
  for (const element of elements)
    if (element.serial) holders.set(element.serial, (holders.get(element.serial) ?? 0) + 1);
  return elements.map((element) => {
    if (!element.serial) return { ...element, ...NO_SERIAL_FLAGS };
    const heldByAnotherElement =
      (holders.get(element.serial) ?? 0) > 1 || !!context.heldOutside?.(element.serial, element.id);
    return {
      ...element,
      ...serialFlags(element.serial, {
        maxCodeLength: context.maxCodeLength,
        delivered: context.delivered,
        heldByAnotherElement,
      }),
    };
  });
}

/** A read (scanner, camera or typed): the element under the cursor takes it. Empty reads change nothing. */
export function readSerial(session: ScanSession, text: string, context: ScanContext): ScanSession {
  const serial = normaliseSerial(text);
  if (!serial || session.cursor >= session.elements.length) return session;
  const snapshot: Snapshot = { elements: session.elements, cursor: session.cursor };
  const written = session.elements.map((element, index) =>
    index === session.cursor ? { ...element, serial } : element,
  );
  const elements = reflag(written, context);
  return {
    elements,
    cursor: nextEmpty(elements, session.cursor + 1),
    history: [...session.history, snapshot],
  };
}

/** Leaves the element under the cursor for later and goes to the next one (the end wraps to the first). */
export function skip(session: ScanSession): ScanSession {
  const count = session.elements.length;
  if (count === 0) return session;
  return { ...session, cursor: (session.cursor + 1) % (count + 1) === count ? 0 : session.cursor + 1 };
}

/** Points the cursor at an element (to read it again: a correction). */
export function selectElement(session: ScanSession, index: number): ScanSession {
  if (index < 0 || index >= session.elements.length) return session;
  return { ...session, cursor: index };
}

/** Puts back what the last read changed; the element it wrote is answered so the screen can send it. */
export function undo(session: ScanSession): { session: ScanSession; element: PlanElement | null } {
  const last = session.history.at(-1);
  if (!last) return { session, element: null };
  const element = last.elements[last.cursor];
  return {
    session: { elements: last.elements, cursor: last.cursor, history: session.history.slice(0, -1) },
    element,
  };
}

/** The server's answer wins: its serials and flags replace the device's for the elements it names. */
export function applyServerFlags(session: ScanSession, answer: readonly SerialScanElement[]): ScanSession {
  const byId = new Map(answer.map((element) => [element.id, element]));
  return {
    ...session,
    elements: session.elements.map((element) => {
      const server = byId.get(element.id);
      return server ? { ...element, ...server } : element;
    }),
  };
}

export function progress(session: ScanSession): {
  expected: number;
  read: number;
  left: number;
  status: 0 | 1;
} {
  const expected = session.elements.length;
  const read = session.elements.filter(hasSerial).length;
  return { expected, read, left: expected - read, status: expected > 0 && read === expected ? 1 : 0 };
}

export function flagsOf(element: PlanElement): (keyof SerialFlags)[] {
  return (['is_serial_invalid_length', 'is_serial_duplicated', 'is_serial_unregistered'] as const).filter(
    (flag) => element[flag],
  );
}
