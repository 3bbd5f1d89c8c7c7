import { describe, expect, it, vi } from 'vitest';
import { activateWaiting } from './service-worker';

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
