import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * What the server loads before it can answer: the modules statically reachable from `main.ts` (through the
 * workspace packages' sources, as the `@armorer/source` condition resolves them; type-only imports and
 * dynamic `import()` excluded, since neither runs at start-up), and the Node built-ins they import.
 */
function startUpGraph(entry: string): { readonly files: Set<string>; readonly builtins: Set<string> } {
  const transpiler = new Bun.Transpiler({ loader: 'ts' });
  const files = new Set<string>();
  const builtins = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const { kind, path } of transpiler.scanImports(source)) {
      if (kind !== 'import-statement') continue;
      if (path.startsWith('node:')) {
        builtins.add(path);
        continue;
      }
      const resolved = Bun.resolveSync(path, dirname(file));
      // Only our own sources are walked; third-party packages (the MCP SDK, Zod) load as they load.
      if (resolved.includes('/node_modules/') || !resolved.endsWith('.ts')) continue;
      pending.push(resolved);
    }
  }
  return { files, builtins };
}

describe('start-up (issue 36)', () => {
  // Each costs milliseconds of CPU time to load (measured under Node 22 and Bun 1.4): `node:http` as an
  // ESM import also loads Node's fetch implementation (undici, ~40 ms), `node:crypto` ~5 ms,
  // `node:worker_threads` ~3-5 ms. None is needed to answer `initialize` and `tools/list` over stdio.
  const EXPENSIVE = ['node:http', 'node:https', 'node:crypto', 'node:worker_threads', 'node:net'];

  test('nothing the stdio server loads before answering imports an expensive built-in it does not use', () => {
    const { files, builtins } = startUpGraph(join(import.meta.dir, 'main.ts'));
    // The walk reached the packages behind the server, not only this app.
    for (const pkg of ['core', 'approval', 'coding', 'mcp']) {
      expect([...files].some((file) => file.includes(`/packages/${pkg}/src/`))).toBe(true);
    }
    expect([...builtins].filter((id) => EXPENSIVE.includes(id))).toEqual([]);
  });

  test('the bin loads the command only after turning the compile cache on', async () => {
    // The shebang line is for the shell; the transpiler reads the module after it.
    const source = (await Bun.file(join(import.meta.dir, 'cli.ts')).text()).replace(/^#!.*\n/, '');
    const transpiler = new Bun.Transpiler({ loader: 'ts' });
    expect(transpiler.scanImports(source)).toEqual([{ kind: 'dynamic-import', path: './main' }]);
    expect(source.indexOf('enableCompileCache')).toBeLessThan(source.indexOf("import('./main')"));
  });
});
