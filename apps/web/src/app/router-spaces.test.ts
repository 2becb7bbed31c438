import { matchRoutes, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppRoutes, findSpaces, SPACES } from './router';

/** Every path a table serves, its parent paths joined. */
function fullPaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path =
      route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    return [...(route.path === undefined ? [] : [path]), ...fullPaths(route.children ?? [], path)];
  });
}

/** An address the pattern serves: each parameter filled in. */
function sampleAddress(path: string): string {
  return path.replace(/:\w+/g, (name) => `${name.slice(1)}-7`).replace(/\*$/, 'any/thing');
}

const root = createAppRoutes()[0] as NonIndexRouteObject;

/** The app's routes with the given spaces' tables under the root, as the router patches them. */
function withSpaces(tables: readonly RouteObject[][]): RouteObject[] {
  return [{ ...root, children: [...(root.children ?? []), ...tables.flat()] }];
}

/** The route an address ends on: which table object serves it. */
function leaf(routes: RouteObject[], address: string): RouteObject | undefined {
  return matchRoutes(routes, address)?.at(-1)?.route;
}

describe('route tables loaded as addresses need them', () => {
  it('serves every address exactly as the whole table would, with only the spaces it loads', async () => {
    const tables = await Promise.all(SPACES.map((space) => space.load()));
    const whole = withSpaces(tables);
    const addresses = [
      ...new Set(fullPaths(whole).map(sampleAddress)),
      // Addresses nobody serves, and ones close to a space's.
      '/nowhere',
      '/trainer',
      '/courses/12',
      '/student',
      '/admin/unknown/page',
    ];
    expect(addresses.length).toBeGreaterThan(100);
    const differences = addresses.filter((address) => {
      const loaded = findSpaces(address).map((space) => tables[SPACES.indexOf(space)] ?? []);
      return leaf(withSpaces(loaded), address) !== leaf(whole, address);
    });
    expect(differences).toEqual([]);
  });

  it('loads no space for the public pages', () => {
    for (const address of [
      '/',
      '/auth',
      '/admin',
      '/forgot-password',
      '/sign/abc',
      '/quiz/1/public',
      '/terms',
    ]) {
      expect(findSpaces(address), address).toEqual([]);
    }
  });

  it('loads only the space an address belongs to', () => {
    const [student, trainer, admin] = SPACES;
    expect(findSpaces('/dashboard')).toEqual([student]);
    expect(findSpaces('/trainer/students/12')).toEqual([trainer]);
    expect(findSpaces('/admin/health')).toEqual([admin]);
    // A student's own page and a trainer's learner page share a prefix: both tables rank it.
    expect(findSpaces('/student/profile')).toEqual([student, trainer]);
  });
});
