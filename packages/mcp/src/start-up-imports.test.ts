import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Node builtins that cost milliseconds of CPU to load under Node 22 and that a server answering
 * `initialize` and `tools/list` over stdio never uses: they load where first needed (HTTP serving, tasks,
 * signing), never through a static import reachable from the package's entry (issue 36).
 */
const HEAVY_BUILTINS = ['crypto', 'http', 'https', 'http2', 'worker_threads', 'child_process', 'net', 'tls'];

const SRC = import.meta.dirname;
const transpiler = new Bun.Transpiler({ loader: 'ts' });

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
  if (found === undefined) throw new Error(`${relative(SRC, from)}: cannot resolve ${specifier}`);
  return found;
}

/** Every static import of the entry's module graph (type-only imports are erased by the scan). */
function staticImports(entry: string): { file: string; specifier: string }[] {
  const seen = new Set<string>();
  const found: { file: string; specifier: string }[] = [];
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const item of transpiler.scanImports(readFileSync(file, 'utf8'))) {
      if (item.kind === 'dynamic-import') continue;
      found.push({ file: relative(SRC, file), specifier: item.path });
      if (item.path.startsWith('.')) pending.push(resolveRelative(file, item.path));
    }
  }
  return found;
}

describe('what importing @armorer/mcp loads', () => {
  test('the scan follows the entry into the server and the tasks', () => {
    const files = new Set(staticImports(join(SRC, 'index.ts')).map((item) => item.file));
    expect(files.has(join('server', 'create-mcp.ts'))).toBe(true);
    expect(files.has(join('tasks', 'task-runner.ts'))).toBe(true);
  });

  test('no heavy Node builtin is imported statically', () => {
    const heavy = staticImports(join(SRC, 'index.ts'))
      .filter(({ specifier }) => HEAVY_BUILTINS.includes(specifier.replace(/^node:/, '')))
      .map(({ file, specifier }) => `${file} imports ${specifier}`);
    expect(heavy).toEqual([]);
  });
});
