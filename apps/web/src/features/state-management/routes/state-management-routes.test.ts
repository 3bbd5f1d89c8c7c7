import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';

function leafPath(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path;
}

/** Which layout a path renders in: the bare one has no `id`, so compare the layout's children. */
function isInBareLayout(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname) ?? [];
  const layout = matches.at(-2)?.route;
  return !!layout?.children?.some((child) => child.path === 'plants/state-management');
}

describe('administration routes', () => {
  it('open state management and its groups in the layout without the logo, whatever the case', () => {
    expect(leafPath('/plants/state-management')).toBe('plants/state-management');
    expect(leafPath('/Plants/State-Management/State-Groups')).toBe('plants/state-management/state-groups');
    expect(isInBareLayout('/plants/state-management/state-groups')).toBe(true);
    expect(isInBareLayout('/plants/1/rucs')).toBe(false);
  });

  it('match the contractors, users’ plants and RUC pages', () => {
    expect(leafPath('/contractors')).toBe('contractors');
    expect(leafPath('/contractors/groups')).toBe('contractors/groups');
    expect(leafPath('/contractors/groups/3')).toBe('contractors/groups/:groupId');
    expect(leafPath('/users/4/plants')).toBe('users/:userId/plants');
    expect(leafPath('/users/4/plants/2')).toBe('users/:userId/plants/:plantId');
    expect(leafPath('/plants/2/rucs')).toBe('plants/:plantId/rucs');
    expect(leafPath('/plants/2/rucs/7')).toBe('plants/:plantId/rucs/:rucId');
  });
});
