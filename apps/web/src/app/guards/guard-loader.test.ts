import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import { changeLanguage } from '../../lib/i18n';
import { setPreviousPath } from '../navigation-history';
import { routes } from '../routes';
import { createGuardLoader } from './guard-loader';

const guardLoader = createGuardLoader(() => routes);

function load(path: string) {
  const args = { request: new Request(`http://localhost${path}`), params: {}, context: {} };
  try {
    return guardLoader(args as Parameters<typeof guardLoader>[0]);
  } catch (thrown) {
    return thrown;
  }
}

function signInAs(roles: string[]) {
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 1, roles: roles.map((code, id) => ({ id, code, name: code })) }),
  );
}

beforeEach(() => {
  localStorage.clear();
  changeLanguage('es');
  setPreviousPath(null);
});
afterEach(() => vi.restoreAllMocks());

describe('guard loader', () => {
  it('keeps a technician on the previous page and shows the red top-right permission notification', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('permission-denied');
    signInAs(['TC']);
    setPreviousPath('/plants');

    const result = load('/users') as Response;

    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/plants');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'red',
        position: 'top-right',
        withCloseButton: true,
        message: 'Usuario sin permiso para acceder a esta caracteristica.',
      }),
    );
  });

  it('lets an administrator through to /users without a notification', () => {
    const show = vi.spyOn(notifications, 'show');
    signInAs(['AD']);
    expect(load('/users')).toBeNull();
    expect(show).not.toHaveBeenCalled();
  });

  it('sends a visitor without a token to /login', () => {
    const result = load('/dashboard') as Response;
    expect(result.headers.get('Location')).toBe('/login?next=%2Fdashboard');
  });
});
