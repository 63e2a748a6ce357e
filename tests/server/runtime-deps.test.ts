// `npm start` runs the compiled server with the production dependencies alone (issue "Speed": no
// TypeScript compiler at run time, no development dependencies). Every package the server and the
// shared code load at run time must therefore be a production dependency; type-only imports and
// Node's own modules do not count.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string>; scripts: Record<string, string> };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** The package a specifier names: 'a', '@scope/a' from 'a/b' or '@scope/a/b'. */
const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

/** Packages a file loads at run time: value imports, dynamic imports, require() and require.resolve(). */
export function runtimePackages(source: string): string[] {
  const specs = new Set<string>();
  for (const m of source.matchAll(/^\s*import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) specs.add(m[1]);
  for (const m of source.matchAll(/^\s*export\s+(?!type\s)[^'";]*?\sfrom\s+['"]([^'"]+)['"]/gm)) specs.add(m[1]);
  for (const m of source.matchAll(/\b(?:import|require|require\.resolve)\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.add(m[1]);
  // Packages named in a table and required by name (e.g. the packaged ffmpeg).
  for (const m of source.matchAll(/['"](@[\w.-]+\/[\w.-]+)['"]/g)) specs.add(m[1]);
  return [...specs].filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s)).map(packageOf);
}

describe('the compiled server needs only production dependencies', () => {
  it('finds value imports and ignores type-only ones', () => {
    expect(runtimePackages("import a from 'fastify';\nimport type { B } from 'kysely';\nimport { x } from './local.js';\nconst c = await import('sharp');")).toEqual(['fastify', 'sharp']);
  });

  it('every package src/server and src/shared load is in dependencies', () => {
    const used = new Map<string, string>();
    for (const file of [...sourceFiles('src/server'), ...sourceFiles('src/shared')]) {
      if (file.includes(`${path.sep}fixtures${path.sep}`) && !file.endsWith('scenario-files.ts')) continue;
      for (const name of runtimePackages(fs.readFileSync(file, 'utf8'))) if (!used.has(name)) used.set(name, file);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter(([name]) => !(name in pkg.dependencies)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('npm start runs compiled JavaScript, not TypeScript through a loader', () => {
    const start = fs.readFileSync('scripts/start.mjs', 'utf8');
    expect(start).toContain('dist-server/server/main.js');
    expect(start).not.toMatch(/tsx|ts-node/);
    expect(pkg.dependencies).not.toHaveProperty('tsx');
    expect(pkg.dependencies).not.toHaveProperty('typescript');
  });
});
