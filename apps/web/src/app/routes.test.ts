import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routes } from './routes';

function leafPath(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.at(-1)?.route;
  return leaf?.index ? '(index)' : leaf?.path;
}

describe('routes', () => {
  it('match paths whatever their case', () => {
    expect(leafPath('/DASHBOARD')).toBe('dashboard');
    expect(leafPath('/Plants')).toBe('plants');
    expect(leafPath('/uSeRs')).toBe('users');
    expect(leafPath('/LOGIN')).toBe('login');
    expect(leafPath('/plants/3/Sync-Review')).toBe('plants/:plantId/sync-review');
  });

  it('send unknown paths to the not-found page and / to its redirect', () => {
    expect(leafPath('/no/such/page')).toBe('*');
    expect(leafPath('/')).toBe('(index)');
  });
});
