import { Modal } from '@mantine/core';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { handleBack, onBack, type BackContext } from './back-button';

/** What back reaches outside the page: history, exit, the outbox count and the exit question. */
function context(overrides: Partial<BackContext> = {}) {
  const calls: string[] = [];
  const value: BackContext = {
    canGoBack: false,
    goBack: () => calls.push('goBack'),
    exitApp: () => calls.push('exitApp'),
    waitingChanges: () => 0,
    confirmExit: async (count) => (calls.push(`confirmExit ${count}`), false),
    ...overrides,
  };
  return { value, calls };
}

function ModalScreen() {
  const [opened, setOpened] = useState(true);
  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title="Nuevo plan de escaneo" transitionProps={{ duration: 0 }}>
      <button type="button">Guardar plan</button>
    </Modal>
  );
}

afterEach(cleanup);

describe("Android's back button", () => {
  it('closes what registered itself last first (the camera), and only that', async () => {
    const closed: string[] = [];
    const stopScreen = onBack(() => closed.push('screen'));
    const stopCamera = onBack(() => closed.push('camera'));
    const { value, calls } = context({ canGoBack: true });

    expect(await handleBack(value)).toBe('handler');
    expect(closed).toEqual(['camera']);
    stopCamera();
    expect(await handleBack(value)).toBe('handler');
    expect(closed).toEqual(['camera', 'screen']);
    stopScreen();
    expect(await handleBack(value)).toBe('history');
    expect(calls).toEqual(['goBack']);
  });

  it('closes an open dialog before going back, and goes back once it is closed', async () => {
    renderWithProviders(<ModalScreen />);
    await screen.findByRole('dialog');
    const { value, calls } = context({ canGoBack: true });

    await act(async () => expect(await handleBack(value)).toBe('dialog'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    expect(await handleBack(value)).toBe('history');
    expect(calls).toEqual(['goBack']);
  });

  it('at the first screen with nothing waiting, leaves the app without asking', async () => {
    const { value, calls } = context();
    expect(await handleBack(value)).toBe('exit');
    expect(calls).toEqual(['exitApp']);
  });

  it('with changes waiting, asks first: cancel stays, accept leaves', async () => {
    const refused = context({ waitingChanges: () => 3 });
    expect(await handleBack(refused.value)).toBe('stay');
    expect(refused.calls).toEqual(['confirmExit 3']);

    const confirmExit = vi.fn(async () => true);
    const accepted = context({ waitingChanges: () => 3, confirmExit });
    expect(await handleBack(accepted.value)).toBe('exit');
    expect(confirmExit).toHaveBeenCalledWith(3);
    expect(accepted.calls).toEqual(['exitApp']);
  });
});
