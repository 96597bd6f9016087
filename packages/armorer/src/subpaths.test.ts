import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Subpath {
  readonly subpath: string;
  readonly entry: string;
  readonly package: string;
  readonly serverOnly: boolean;
}

const root = join(import.meta.dir, '..');
const subpaths = JSON.parse(readFileSync(join(root, 'subpaths.json'), 'utf8')) as Subpath[];
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
};
/** The `.` export of every workspace package, by name: what each backing package offers. */
const packagesDir = join(root, '..');
const backing = new Map(
  readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(packagesDir, entry.name, 'package.json')))
    .map((entry) => {
      const pkg = JSON.parse(readFileSync(join(packagesDir, entry.name, 'package.json'), 'utf8')) as {
        name: string;
        exports?: Record<string, unknown>;
      };
      return [pkg.name, pkg] as const;
    }),
);

// The one list of subpaths is subpaths.json; the exports map and the dependencies are generated from it
// (`bun run sync:exports`), and these tests hold the three together.
describe('the meta-package subpaths', () => {
  test('subpaths.json lists each subpath once, "." first', () => {
    const listed = subpaths.map((entry) => entry.subpath);
    expect(listed[0]).toBe('.');
    expect(new Set(listed).size).toBe(listed.length);
    for (const subpath of listed) expect(subpath).toMatch(/^\.(\/[a-z][a-z0-9-]*)*$/);
  });

  test('the exports map is generated from the list', () => {
    const keys = Object.keys(manifest.exports).filter((key) => key !== './package.json');
    expect(keys).toEqual(subpaths.map((entry) => entry.subpath));
    expect(manifest.exports['./package.json']).toBe('./package.json');
    for (const entry of subpaths) {
      const conditions = manifest.exports[entry.subpath] as Record<string, unknown>;
      expect(conditions['@armorer/source']).toBe(`./${entry.entry}`);
      expect('browser' in conditions).toBe(!entry.serverOnly);
    }
  });

  test('a subpath is server-only exactly when its backing package is', () => {
    for (const entry of subpaths) {
      const pkg = backing.get(entry.package);
      expect(pkg?.name).toBe(entry.package);
      const main = pkg?.exports?.['.'] as Record<string, unknown> | undefined;
      expect({ subpath: entry.subpath, serverOnly: !(main && 'browser' in main) }).toEqual({
        subpath: entry.subpath,
        serverOnly: entry.serverOnly,
      });
    }
  });

  test('each entry is a thin re-export of a declared dependency', () => {
    for (const entry of subpaths) {
      const file = join(root, entry.entry);
      expect(existsSync(file)).toBe(true);
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*\*[\s\S]*?\*\//g, '')
        .trim();
      for (const line of code.split('\n'))
        expect(line).toMatch(/^export (type )?(\*|\{[^}]*\}) from '[^']+';$/);
      expect(code).toContain(`from '${entry.package}'`);
      expect(manifest.dependencies[entry.package]).toBe('workspace:^');
    }
  });

  test('every dependency of the meta-package backs a subpath', () => {
    // A subpath may re-export more than its own package (the root also re-exports @armorer/approval).
    const used = new Set(
      subpaths.flatMap((entry) => [
        entry.package,
        ...[...readFileSync(join(root, entry.entry), 'utf8').matchAll(/from '(@armorer\/[^']+)'/g)].map(
          (match) => match[1] as string,
        ),
      ]),
    );
    expect(Object.keys(manifest.dependencies).filter((name) => !used.has(name))).toEqual([]);
  });
});

describe('the entries load', () => {
  test('armorer, armorer/core and armorer/lazy expose the core API', async () => {
    const main = await import('armorer');
    const core = await import('armorer/core');
    const lazyEntry = await import('armorer/lazy');
    expect(typeof main.createTool).toBe('function');
    expect(main.createToolbox).toBe(core.createToolbox);
    expect(typeof main.combineToolbox).toBe('function');
    expect(lazyEntry.lazy).toBe(main.lazy);
  });

  test('every listed subpath loads and exports something', async () => {
    for (const entry of subpaths) {
      const specifier = entry.subpath === '.' ? 'armorer' : `armorer/${entry.subpath.slice(2)}`;
      const module = (await import(specifier)) as Record<string, unknown>;
      expect(Object.keys(module).length).toBeGreaterThan(0);
    }
    // Loading every package's sources for the first time: more than 5 s seen on a loaded machine.
  }, 60_000);
});
