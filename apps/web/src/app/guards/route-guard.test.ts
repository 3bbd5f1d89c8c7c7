import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routes } from '../routes';
import { decideRoute as decide, isAdministratorPath as isAdministratorPathOf, type GuardInput, type RouteHandle } from './route-guard';

/** The guard over the app's own route table, whose `handle` marks the administrators' pages. */
const decideRoute = (input: Omit<GuardInput, 'routes'>) => decide({ ...input, routes });
const isAdministratorPath = (path: string) => isAdministratorPathOf(routes, path);

const technician = { isAuthenticated: true, isAdmin: false };
const administrator = { isAuthenticated: true, isAdmin: true };
const anonymous = { isAuthenticated: false, isAdmin: false };

describe('route guard', () => {
  it('sends a visitor without a token to /login, remembering the wanted page', () => {
    expect(decideRoute({ path: '/plants', search: '?q=1', ...anonymous, previousPath: null })).toEqual({
      action: 'redirect',
      to: '/login?next=%2Fplants%3Fq%3D1',
      reason: 'not-signed-in',
    });
    expect(decideRoute({ path: '/', ...anonymous, previousPath: null })).toMatchObject({ to: '/login' });
  });

  it('lets a visitor without a token see /login, and sends a signed-in user from /login to /dashboard', () => {
    expect(decideRoute({ path: '/login', ...anonymous, previousPath: null })).toEqual({ action: 'allow' });
    expect(decideRoute({ path: '/LOGIN/', ...technician, previousPath: '/plants' })).toEqual({
      action: 'redirect',
      to: '/dashboard',
      reason: 'signed-in',
    });
  });

  it('uses the given start page (the plants while offline mode is on) for signed-in and refused users', () => {
    expect(decideRoute({ path: '/login', ...technician, previousPath: null, home: '/plants' })).toMatchObject({
      to: '/plants',
    });
    expect(decideRoute({ path: '/users', ...technician, previousPath: null, home: '/plants' })).toMatchObject({
      to: '/plants',
      reason: 'forbidden',
    });
  });

  it('lets every signed-in user open the other pages', () => {
    for (const path of ['/dashboard', '/plants', '/plants/3/elements', '/not-a-page']) {
      expect(decideRoute({ path, ...technician, previousPath: '/dashboard' })).toEqual({ action: 'allow' });
    }
  });

  it('keeps a non-administrator on the previous path for /users paths and paths containing rucs', () => {
    for (const path of ['/users', '/USERS/4/plants', '/usersTest', '/plants/3/rucs', '/plants/3/RUCS/9']) {
      expect(decideRoute({ path, ...technician, previousPath: '/plants?page=2' })).toEqual({
        action: 'redirect',
        to: '/plants?page=2',
        reason: 'forbidden',
      });
    }
  });

  it('sends a non-administrator to /dashboard when there is no usable previous path', () => {
    expect(decideRoute({ path: '/users', ...technician, previousPath: null })).toMatchObject({
      to: '/dashboard',
      reason: 'forbidden',
    });
    expect(decideRoute({ path: '/users', ...technician, previousPath: '/login' })).toMatchObject({
      to: '/dashboard',
    });
    expect(decideRoute({ path: '/plants/1/rucs', ...technician, previousPath: '/users' })).toMatchObject({
      to: '/dashboard',
    });
  });

  it('lets administrators open /users and rucs paths', () => {
    expect(decideRoute({ path: '/users', ...administrator, previousPath: null })).toEqual({
      action: 'allow',
    });
    expect(decideRoute({ path: '/plants/2/rucs/5', ...administrator, previousPath: null })).toEqual({
      action: 'allow',
    });
  });

  it('recognises administrator paths in any case', () => {
    expect(isAdministratorPath('/Users')).toBe(true);
    expect(isAdministratorPath('/plants/1/Rucs')).toBe(true);
    expect(isAdministratorPath('/dashboard')).toBe(false);
    expect(isAdministratorPath('/plants')).toBe(false);
  });

  it("takes the administrators' pages from the route table: the /users pages and those of the RUCs", () => {
    const flagged: string[] = [];
    const walk = (list: RouteObject[]) =>
      list.forEach((route) => {
        if ((route.handle as RouteHandle | undefined)?.adminOnly) flagged.push(route.path ?? '');
        if (route.children) walk(route.children);
      });
    walk(routes);
    expect(flagged.sort()).toEqual([
      'plants/:plantId/rucs',
      'plants/:plantId/rucs/*',
      'plants/:plantId/rucs/:rucId',
      'users',
      'users/*',
      'users/:userId/plants',
      'users/:userId/plants/:plantId',
      'usersTest',
    ]);
    for (const path of ['/users/', '/users/5', '/users/4/plants/2', '/plants/3/rucs?x=1', '/plants/3/rucs/9/x']) expect(isAdministratorPath(path)).toBe(true);
    for (const path of ['/plants/3/sync-review', '/plants/state-management', '/no/such/page'])
      expect(isAdministratorPath(path)).toBe(false);
  });
});
