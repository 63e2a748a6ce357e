// The English texts come with the code that shows them: the first script holds only the namespaces
// the shell reads (resources.ts `resources`), and each route brings the others its screen reads
// (router.tsx `withNamespaces`, or a layout route's `namespacesLoader`). A text read before its
// namespace is there would show its key for a moment (or not at all, outside a component), so this
// follows every module a route's screen imports, statically or on demand, and fails when the route
// does not bring a namespace one of them reads, or when the first script holds one it does not read.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_NAMESPACES, englishOnDemand } from '../../src/client/i18n/resources';
import { FIRST_SCREENS } from '../../src/server/plugins/static-client';

const CLIENT = path.resolve(__dirname, '../../src/client');
const ROUTER = path.join(CLIENT, 'app/router.tsx');
const MAIN = path.join(CLIENT, 'main.tsx');

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The namespaces one module reads, in each way the code asks i18next for them. */
function namespacesRead(source: string): Set<string> {
  const found = new Set<string>();
  for (const m of source.matchAll(/useTranslation\(\s*\[([^\]]*)\]/g)) for (const n of m[1].matchAll(/'(\w+)'/g)) found.add(n[1]);
  for (const pattern of [/useTranslation\(\s*'(\w+)'/g, /\bns:\s*'(\w+)'/g, /getFixedT\([^,)]*,\s*'(\w+)'/g, /\bt\(\s*'(\w+):/g, /\bns=\{?['"](\w+)/g]) {
    for (const m of source.matchAll(pattern)) found.add(m[1]);
  }
  // The conversation texts are read through its module's NS constant.
  if (/from '[^']*i18n\/conversation'/.test(source)) found.add('conversation');
  return found;
}

/** Every namespace read by `start` and the modules it imports, statically or on demand (but for the router's screens). */
function namespacesReached(start: string): Set<string> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const n of namespacesRead(source)) found.add(n);
    const specs = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/g), ...source.matchAll(/(?:^|\n)import\s+'([^']+)'/g)].map((m) => m[1]);
    // The router's own on-demand imports are the screens, each checked with what its route brings.
    if (file !== ROUTER) specs.push(...[...source.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]));
    for (const spec of specs) {
      const next = resolveImport(file, spec);
      if (next) stack.push(next);
    }
  }
  return found;
}

const list = (text: string) => [...text.matchAll(/'(\w+)'/g)].map((m) => m[1]);

/** Each screen module the router loads, with the namespaces its route (and a layout route's loader around it) brings. */
function routedScreens(): { module: string; brought: string[] }[] {
  const source = fs.readFileSync(ROUTER, 'utf8');
  // A layout route's loader brings its namespaces for every screen in its children.
  const layouts: { from: number; to: number; namespaces: string[] }[] = [];
  for (const m of source.matchAll(/namespacesLoader\(\[([^\]]*)\]\),\s*children: \[/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    while (depth > 0 && i < source.length) {
      if (source[i] === '[') depth++;
      if (source[i] === ']') depth--;
      i++;
    }
    layouts.push({ from: m.index, to: i, namespaces: list(m[1]) });
  }
  return [...source.matchAll(/(?:withNamespaces\(\[([^\]]*)\],\s*)?\(\) => import\('([^']+)'\)/g)].map((m) => ({
    module: resolveImport(ROUTER, m[2])!,
    brought: [...list(m[1] ?? ''), ...layouts.filter((l) => m.index > l.from && m.index < l.to).flatMap((l) => l.namespaces)],
  }));
}

describe('which English texts come with which code', () => {
  const screens = routedScreens();
  const layoutBrought = new Set<string>(screens.flatMap((s) => s.brought).filter((n) => n === 'admin'));

  it('finds the screens and what they read', () => {
    expect(screens.length).toBeGreaterThan(40);
    const feed = screens.find((s) => s.module.endsWith('features/feed/routes/feed.tsx'))!;
    expect([...namespacesReached(feed.module)]).toEqual(expect.arrayContaining(['feed', 'conversation', 'exchange']));
    const reported = screens.find((s) => s.module.endsWith('admin-posts/routes/reported-posts.tsx'))!;
    expect(reported.brought).toContain('admin');
  });

  it('every namespace is bundled or loaded on demand, not both', () => {
    const onDemand = Object.keys(englishOnDemand);
    expect(onDemand.filter((n) => (BUNDLED_NAMESPACES as string[]).includes(n))).toEqual([]);
    const files = fs.readdirSync(path.join(CLIENT, 'i18n/locales/en')).map((f) => f.replace(/\.json$/, ''));
    expect([...BUNDLED_NAMESPACES, ...onDemand].sort()).toEqual(files.sort());
  });

  it("the first script holds exactly the namespaces the shell reads", () => {
    // (The administration's layout renders under its route's loader, which brings its texts.)
    const shell = [...namespacesReached(MAIN)].filter((n) => !layoutBrought.has(n));
    expect(shell.sort()).toEqual([...BUNDLED_NAMESPACES].sort());
  });

  it('each route brings every namespace its screen reads that the first script does not hold', () => {
    const missing = screens.flatMap(({ module, brought }) =>
      [...namespacesReached(module)]
        .filter((n) => !(BUNDLED_NAMESPACES as string[]).includes(n) && !brought.includes(n))
        .map((n) => `${path.relative(CLIENT, module)}: ${n}`),
    );
    expect(missing).toEqual([]);
  });

  it("the server preloads a main screen's texts with its code, as its route brings them", () => {
    for (const screen of Object.values(FIRST_SCREENS)) {
      const route = screens.find((s) => path.relative(path.resolve(CLIENT, '../..'), s.module) === screen.module);
      expect(route, screen.module).toBeDefined();
      expect([...screen.namespaces].sort(), screen.module).toEqual([...route!.brought].sort());
    }
  });
});
