import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * A module core loads with `import('./x')` on first use must not also be reachable through static imports
 * from the package's entry: it would then load (and be compiled) with every `import 'armorer'` anyway, the
 * dynamic import saving nothing, and the bundler would give it a chunk of its own that the entry imports
 * eagerly, one more file to open at start-up (issue 36).
 */
const SRC = import.meta.dirname;
const ENTRY = join(SRC, 'index.ts');
const transpiler = new Bun.Transpiler({ loader: 'ts' });

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) {
    if (files.has(candidate)) return candidate;
  }
  throw new Error(`${relative(SRC, from)}: cannot resolve ${specifier}`);
}

const files = new Set(sourceFiles(SRC));
const imports = new Map(
  [...files].map((file) => [file, transpiler.scanImports(readFileSync(file, 'utf8'))] as const),
);

function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const item of imports.get(file) ?? []) {
      if (item.kind === 'dynamic-import') continue;
      const target = resolveRelative(file, item.path);
      if (target !== undefined) pending.push(target);
    }
  }
  return seen;
}

function lazilyLoaded(): Map<string, string[]> {
  const lazy = new Map<string, string[]>();
  for (const [file, list] of imports) {
    for (const item of list) {
      if (item.kind !== 'dynamic-import') continue;
      const target = resolveRelative(file, item.path);
      if (target !== undefined) lazy.set(target, [...(lazy.get(target) ?? []), relative(SRC, file)]);
    }
  }
  return lazy;
}

describe('modules core loads on first use', () => {
  test('the scan sees the entry, static imports and dynamic ones', () => {
    const closure = staticClosure(ENTRY);
    expect(closure.has(join(SRC, 'tool', 'create-tool.ts'))).toBe(true);
    expect(lazilyLoaded().size).toBeGreaterThan(3);
  });

  test('none is also reachable from the entry through static imports', () => {
    const closure = staticClosure(ENTRY);
    const ineffective = [...lazilyLoaded()]
      .filter(([file]) => closure.has(file))
      .map(([file, importers]) => `${relative(SRC, file)} (imported lazily by ${importers.join(', ')})`);
    expect(ineffective).toEqual([]);
  });
});
