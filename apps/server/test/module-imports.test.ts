import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The server modules' import boundaries (issue 30). ESLint refuses an import of another module that
 * apps/server/module-imports.json does not list; this test keeps the list honest the other way: a
 * pair listed there that no file uses any more must leave the list, so it only ever shrinks.
 */

const SERVER = path.resolve(__dirname, '..');
const MODULES = path.join(SERVER, 'src', 'modules');
const listed = JSON.parse(fs.readFileSync(path.join(SERVER, 'module-imports.json'), 'utf8')) as {
  shared: string[];
  pairs: Record<string, string[]>;
};

/** Every relative import (static, re-export or dynamic) of a file. */
function importsOf(source: string) {
  return [
    ...source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ]
    .map((m) => m[1] ?? m[2])
    .filter((spec) => spec.startsWith('.'));
}

/** module → the other modules its files import, apart from the shared ones (unless `withShared`). */
function modulePairs({ withShared = false } = {}) {
  const pairs = new Map<string, Set<string>>();
  for (const module of fs.readdirSync(MODULES)) {
    const folder = path.join(MODULES, module);
    if (!fs.statSync(folder).isDirectory()) continue;
    for (const file of fs.readdirSync(folder, { recursive: true }) as string[]) {
      if (!file.endsWith('.ts')) continue;
      const at = path.join(folder, file);
      for (const spec of importsOf(fs.readFileSync(at, 'utf8'))) {
        const target = path.relative(MODULES, path.resolve(path.dirname(at), spec)).split(path.sep);
        if (target[0] === '..' || target[0] === module || (!withShared && listed.shared.includes(target[0]))) continue;
        if (!pairs.has(module)) pairs.set(module, new Set());
        pairs.get(module)!.add(target[0]);
      }
    }
  }
  return Object.fromEntries(
    [...pairs].sort(([a], [b]) => a.localeCompare(b)).map(([module, others]) => [module, [...others].sort()]),
  );
}

/** The module cycles of a graph, each as the path that closes it (a → b → a), found by depth-first search. */
function cyclesOf(graph: Record<string, string[]>) {
  const cycles: string[] = [];
  const done = new Set<string>();
  const visit = (module: string, path: string[]) => {
    if (path.includes(module)) {
      cycles.push([...path.slice(path.indexOf(module)), module].join(' → '));
      return;
    }
    if (done.has(module)) return;
    for (const next of graph[module] ?? []) visit(next, [...path, module]);
    done.add(module);
  };
  for (const module of Object.keys(graph)) visit(module, []);
  return cycles;
}

describe('server module imports', () => {
  it('finds the imports of the modules (the scan sees a known pair)', () => {
    // The elements module checks access to the plant: a pair the scan must see once shared ones count.
    expect(modulePairs({ withShared: true }).elements).toContain('access');
  });

  it('keeps every module file at most one folder deep (the lint rule counts the folders an import climbs)', () => {
    const deeper = fs
      .readdirSync(MODULES, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.ts') && file.split(path.sep).length > 3);
    expect(deeper).toEqual([]);
  });

  it('lists exactly the module pairs that remain, each still used', () => {
    const sorted = Object.fromEntries(
      Object.entries(listed.pairs).map(([module, others]) => [module, [...others].sort()]),
    );
    expect(modulePairs()).toEqual(sorted);
  });

  it('leaves no import cycle between modules (auth and users shared their account writes through lib/)', () => {
    expect(cyclesOf({ a: ['b'], b: ['a'] }), 'the search sees a cycle').toEqual(['a → b → a']);
    expect(cyclesOf(modulePairs())).toEqual([]);
  });
});
