import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
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
const spec = readFileSync(join(root, '../../../shared/spec/armorer-spec.txt'), 'utf8');

/**
 * Every subpath the spec documents: its import examples plus the support-matrix paragraph, which also
 * names `core`, `registry` and `openapi`.
 */
const SPEC_SUBPATHS = [
  '.',
  './core',
  './lazy',
  './utilities',
  './query',
  './registry',
  './inspect',
  './adapters/openai',
  './adapters/anthropic',
  './adapters/gemini',
  './adapters/open-ai/agents',
  './truncation',
  './idempotency',
  './instrumentation',
  './middleware',
  './test',
  './mcp',
  './integrations/mcp',
  './tools',
  './coding',
  './openapi',
];
/** Documented subpaths that later issues deliver, with the issue that owns each. */
const PENDING: Record<string, string> = {};
const SERVER_ONLY = new Set(['./coding', './mcp', './integrations/mcp', './adapters/open-ai/agents']);

describe('the meta-package subpaths', () => {
  test('every armorer subpath the spec mentions is in the documented list', () => {
    const mentioned = new Set(
      [...spec.matchAll(/\barmorer(\/[a-z][a-z/-]*[a-z])?\b/g)].map((match) =>
        match[1] ? `.${match[1]}` : '.',
      ),
    );
    for (const subpath of mentioned) expect(SPEC_SUBPATHS).toContain(subpath);
  });

  test('the list, the spec and the pending work agree exactly', () => {
    const implemented = subpaths.map((entry) => entry.subpath);
    for (const subpath of implemented) expect(SPEC_SUBPATHS).toContain(subpath);
    const missing = SPEC_SUBPATHS.filter((subpath) => !implemented.includes(subpath)).sort();
    expect(missing).toEqual(Object.keys(PENDING).sort());
    expect(new Set(implemented).size).toBe(implemented.length);
  });

  test('the exports map is generated from the list', () => {
    const keys = Object.keys(manifest.exports).filter((key) => key !== './package.json');
    expect(keys.sort()).toEqual(subpaths.map((entry) => entry.subpath).sort());
    for (const entry of subpaths) {
      const conditions = manifest.exports[entry.subpath] as Record<string, unknown>;
      expect(conditions['@armorer/source']).toBe(`./${entry.entry}`);
      expect('browser' in conditions).toBe(!entry.serverOnly);
      expect(entry.serverOnly).toBe(SERVER_ONLY.has(entry.subpath));
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
      expect(manifest.dependencies[entry.package]).toBe('workspace:*');
    }
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
  });
});
