import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Subpath {
  readonly subpath: string;
  readonly package: string;
  readonly serverOnly: boolean;
}

const root = join(import.meta.dir, '..');
const packagesDir = join(root, '..');
const subpaths = JSON.parse(readFileSync(join(root, 'subpaths.json'), 'utf8')) as Subpath[];
const readme = readFileSync(join(root, 'README.md'), 'utf8');
/** The folder of every workspace package, by name. */
const folders = new Map(
  readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(packagesDir, entry.name, 'package.json')))
    .map((entry) => {
      const { name } = JSON.parse(readFileSync(join(packagesDir, entry.name, 'package.json'), 'utf8')) as {
        name: string;
      };
      return [name, entry.name] as const;
    }),
);

/** What a user imports for a subpath: `armorer` for `.`, `armorer/x` for `./x`. */
const specifier = (subpath: string) => (subpath === '.' ? 'armorer' : `armorer/${subpath.slice(2)}`);

/** The rows of the README's subpath table: the first cell names one import path. */
function subpathRows(): { specifier: string; cells: string[] }[] {
  return readme
    .split('\n')
    .filter((line) => /^\|\s*`armorer[`/]/.test(line))
    .map((line) => {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { specifier: (cells[0] ?? '').replaceAll('`', ''), cells };
    });
}

// The registry shows this README: every subpath of subpaths.json gets a row there, in the same order.
describe('the meta-package README', () => {
  test('has one row per subpath, in the order of subpaths.json', () => {
    expect(subpathRows().map((row) => row.specifier)).toEqual(
      subpaths.map((entry) => specifier(entry.subpath)),
    );
  });

  test('each row says what the subpath gives and links the package behind it', () => {
    const rows = new Map(subpathRows().map((row) => [row.specifier, row.cells]));
    for (const entry of subpaths) {
      const [, what = '', backing = ''] = rows.get(specifier(entry.subpath)) ?? [];
      expect({ subpath: entry.subpath, described: what.length > 10 }).toEqual({
        subpath: entry.subpath,
        described: true,
      });
      expect(backing).toBe(`[\`${entry.package}\`](../${folders.get(entry.package)}/README.md)`);
      expect({ subpath: entry.subpath, serverOnly: what.includes('server-only') }).toEqual({
        subpath: entry.subpath,
        serverOnly: entry.serverOnly,
      });
    }
  });

  test('holds no contributor notes', () => {
    for (const note of ['sync:exports', 'check:peers', 'subpaths.json', 'bun run ']) {
      expect({ note, found: readme.includes(note) }).toEqual({ note, found: false });
    }
  });
});
