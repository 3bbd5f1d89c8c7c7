/*
 * Android's back button in the app (issue 35). Without a listener Capacitor leaves the app from
 * any screen; with ours, back does what a person expects, in this order:
 *   1. whatever registered itself last with onBack (the camera overlay: back closes the camera);
 *   2. an open dialog or drawer closes (Escape, which every Mantine modal and our dialogs obey;
 *      one that cannot be dismissed, the forced update, stays and the app stays too);
 *   3. back in the app's history;
 *   4. at the first screen, the app closes, after a confirmation when changes wait to be synced.
 */

export type BackOutcome = 'handler' | 'dialog' | 'history' | 'exit' | 'stay';

export interface BackContext {
  /** Whether the web view has a page to go back to (Capacitor's backButton event says it). */
  canGoBack: boolean;
  goBack(): void;
  exitApp(): void;
  /** The changes waiting in the outbox (0 when none or when the local database is unused). */
  waitingChanges(): number;
  /** Asks whether to leave with `count` changes waiting; true leaves. */
  confirmExit(count: number): Promise<boolean>;
}

const handlers: (() => void)[] = [];

/** While registered, back calls `handler` instead (the latest registered first). Answers the unregister. */
export function onBack(handler: () => void): () => void {
  handlers.push(handler);
  return () => {
    const index = handlers.lastIndexOf(handler);
    if (index >= 0) handlers.splice(index, 1);
  };
}

const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';

/** The open dialogs, drawers and alerts (Mantine renders them in portals on <body>). */
function openDialogs(root: ParentNode = document): Element[] {
  return [...root.querySelectorAll(DIALOG_SELECTOR)];
}

/** Presses Escape where a dialog listens for it; true when a dialog was open. */
function closeTopDialog(): boolean {
  const dialogs = openDialogs();
  if (dialogs.length === 0) return false;
  const top = dialogs[dialogs.length - 1];
  const focused = document.activeElement;
  const target = focused && top.contains(focused) ? focused : top;
  target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
  return true;
}

/** What back does now (see the rules above). */
export async function handleBack(context: BackContext): Promise<BackOutcome> {
  const handler = handlers[handlers.length - 1];
  if (handler) {
    handler();
    return 'handler';
  }
  if (closeTopDialog()) return 'dialog';
  if (context.canGoBack) {
    context.goBack();
    return 'history';
  }
  const waiting = context.waitingChanges();
  if (waiting > 0 && !(await context.confirmExit(waiting))) return 'stay';
  context.exitApp();
  return 'exit';
}
