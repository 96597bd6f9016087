import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { createCodingTools } from '../create-coding-tools';
import { PathTraversalError } from '../errors/path-traversal-error';
import type { GlobResult } from './glob-tool';

let tree: TempTree;
let tools: ReturnType<typeof createCodingTools>;

beforeAll(() => {
  tree = createTempTree({
    'package.json': '{}',
    'src/index.ts': '',
    'src/lib/util.ts': '',
    'src/lib/util.test.ts': '',
    '.github/ci.yml': '',
    'docs/a.md': '',
  });
  for (let index = 0; index < 30; index++) tree.file(`many/${String(index).padStart(2, '0')}.txt`, '');
  tree.link('link.ts', 'src/index.ts');
  tree.link('out', '../outside');
  tools = createCodingTools({ root: tree.root });
});

afterAll(() => tree.remove());

async function glob(args: Record<string, unknown>) {
  return tools.glob.execute({ id: 'call', name: 'glob', arguments: args });
}

async function globOk(args: Record<string, unknown>): Promise<GlobResult> {
  const result = await glob(args);
  expect(result.error).toBeUndefined();
  return result.result as GlobResult;
}

describe('glob', () => {
  test('lists matching regular files, sorted, dotfiles included, symlinks not followed', async () => {
    expect(await globOk({ pattern: '**/*.ts' })).toEqual({
      paths: ['src/index.ts', 'src/lib/util.test.ts', 'src/lib/util.ts'],
      total: 3,
      truncated: false,
      notes: [],
    });
    expect((await globOk({ pattern: '**/*.{yml,json}' })).paths).toEqual(['.github/ci.yml', 'package.json']);
    expect((await globOk({ pattern: './src/*.ts' })).paths).toEqual(['src/index.ts']);
    expect((await globOk({ pattern: 'out/**' })).paths).toEqual([]);
    expect((await globOk({ pattern: 'nothing/**' })).paths).toEqual([]);
  });

  test('maxResults caps the list and says how many matched', async () => {
    const capped = await globOk({ pattern: 'many/*.txt', maxResults: 5 });
    expect(capped).toEqual({
      paths: ['many/00.txt', 'many/01.txt', 'many/02.txt', 'many/03.txt', 'many/04.txt'],
      total: 30,
      truncated: true,
      truncatedReason: 'maxResults',
      notes: [],
    });
    expect((await globOk({ pattern: '**/*' })).total).toBe(36);
  });

  test('refuses patterns that would leave the root', async () => {
    for (const pattern of [
      '../outside/*',
      '../*',
      'src/../../*',
      '/etc/*',
      '\\\\server\\share\\*',
      'C:/*',
      '{..,src}/*',
      'a\0b',
    ]) {
      const result = await glob({ pattern });
      expect({ pattern, code: result.error?.code }).toEqual({ pattern, code: 'POLICY_DENIED' });
      expect(PathTraversalError.isInstance(result.error?.cause)).toBe(true);
    }
  });

  test('refuses negated patterns and bad caps', async () => {
    expect((await glob({ pattern: '!*.ts' })).error?.code).toBe('INVALID_ARGUMENTS');
    expect((await glob({ pattern: '' })).error?.code).toBe('INVALID_ARGUMENTS');
    expect((await glob({ pattern: '*', maxResults: 0 })).error?.code).toBe('INVALID_ARGUMENTS');
    expect((await glob({ pattern: '*', maxResults: 100_000 })).error?.code).toBe('INVALID_ARGUMENTS');
  });
});
