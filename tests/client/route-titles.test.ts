// @vitest-environment happy-dom
// Every screen has its own title (WCAG 2.4.2): each route that shows a screen names it in its
// `handle`, and no two screens share a name.
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { routes } from '../../src/client/app/router';
import { documentTitle, type ScreenHandle } from '../../src/client/app/screen-title';
import { resources as bundled } from '../../src/client/i18n/resources';
import { de } from '../../src/client/i18n/resources-de';

const resources = { ...bundled, de };

/** The routes that render a screen: a path or an index, not only a redirect or a guard. */
function screens(list: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = (route.path !== undefined || route.index) && (route.lazy || (route.element && !route.children)) ? [{ path: path || '/', route }] : [];
    return [...own, ...screens(route.children ?? [], path)];
  });
}

describe('screen titles', () => {
  const all = screens(routes);
  // The redirects (/ and /admin to their first screen) show no screen of their own.
  const shown = all.filter(({ route }) => route.lazy || route.path === '*');

  it('finds every screen of the router', () => {
    expect(shown.length).toBeGreaterThan(40);
    expect(shown.map((s) => s.path)).toEqual(expect.arrayContaining(['/login', '/feed', '/scenarios', '/scenario/:uuidId', '/admin/analytics', '/terms', '/*']));
  });

  it.each(shown.map((s) => [s.path, s.route] as const))('%s has its own title in every language', (_path, route) => {
    const key = (route.handle as ScreenHandle | undefined)?.title;
    expect(key).toBeTruthy();
    for (const lang of ['en', 'de'] as const) {
      const title = resources[lang].common.titles[key!];
      expect(title).toBeTruthy();
      expect(documentTitle(title)).toBe(`${title} - REALITi Community`);
    }
  });

  it('no two screens share a title, in English or in German', () => {
    const keys = shown.map(({ route }) => (route.handle as ScreenHandle).title);
    for (const lang of ['en', 'de'] as const) {
      const titles = keys.map((k) => resources[lang].common.titles[k]);
      expect(new Set(titles).size, lang).toBe(titles.length);
    }
  });

  it('keeps the English titles of the spec', () => {
    const byPath = Object.fromEntries(shown.map(({ path, route }) => [path, resources.en.common.titles[(route.handle as ScreenHandle).title]]));
    expect(byPath).toMatchObject({ '/login': 'Sign in', '/feed': 'Home', '/admin/audit': 'Audit log', '/*': 'Page not found' });
  });
});
