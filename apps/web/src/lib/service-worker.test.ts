import { describe, expect, it, vi } from 'vitest';
import { activateWaiting, isAppShellReady, watchShell } from './service-worker';

/** A container that remembers its controllerchange listeners, so the test can fire the event. */
function fakeContainer() {
  const listeners: (() => void)[] = [];
  return {
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'controllerchange') listeners.push(listener);
    },
    fireControllerChange: () => listeners.forEach((listener) => listener()),
  };
}

describe('service worker updates (issue 16)', () => {
  it('nothing waits: nothing is asked and nothing reloads', () => {
    const container = fakeContainer();
    const reload = vi.fn();
    expect(activateWaiting({ waiting: null }, container as never, reload)).toBe(false);
    container.fireControllerChange();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a new worker waiting from an earlier visit is told to take over, and the page reloads once when it does', () => {
    const container = fakeContainer();
    const reload = vi.fn();
    const postMessage = vi.fn();
    const waiting = { postMessage } as unknown as ServiceWorker;
    expect(activateWaiting({ waiting }, container as never, reload)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.fireControllerChange();
    container.fireControllerChange();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

/** A worker whose state the test moves on, firing its statechange listeners as a browser would. */
function fakeWorker() {
  const listeners: (() => void)[] = [];
  const worker = {
    state: 'installing' as ServiceWorkerState,
    addEventListener: (type: string, listener: () => void) =>
      type === 'statechange' && listeners.push(listener),
    moveTo(state: ServiceWorkerState) {
      worker.state = state;
      listeners.forEach((listener) => listener());
    },
  };
  return worker;
}

describe('the app shell ready for offline use (issue 38)', () => {
  const registration = (fields: { active?: unknown; installing?: unknown }) =>
    ({
      active: null,
      installing: null,
      waiting: null,
      addEventListener: () => undefined,
      ...fields,
    }) as never;

  it('is not ready while the first worker installs (precaches), and ready once it is activated', () => {
    const installing = fakeWorker();
    watchShell(registration({ installing }));
    expect(isAppShellReady()).toBe(false);
    installing.moveTo('installed');
    expect(isAppShellReady()).toBe(false);
    installing.moveTo('activating');
    expect(isAppShellReady()).toBe(false);
    installing.moveTo('activated');
    expect(isAppShellReady()).toBe(true);
  });

  it('is ready at once when a worker is already active (a later visit)', () => {
    watchShell(registration({ installing: fakeWorker() }));
    expect(isAppShellReady()).toBe(false);
    watchShell(registration({ active: {} }));
    expect(isAppShellReady()).toBe(true);
  });

  it('is ready when the browser blocks workers (the registration resolves to nothing): nothing will come', () => {
    watchShell(registration({ installing: fakeWorker() }));
    watchShell(undefined);
    expect(isAppShellReady()).toBe(true);
  });
});
