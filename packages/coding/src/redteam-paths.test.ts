import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import fc from 'fast-check';
import { createTempTree, type TempTree } from './__fixtures__/temp-tree';
import { createCodingTools } from './create-coding-tools';

// Red-team attacks on paths at the tools' surface: whatever string arrives, the answer is a result or a
// structured tool error with a reason, and never names the root's or the outside's absolute path.

let tree: TempTree;
let tools: ReturnType<typeof createCodingTools>;

const REASONS: Record<string, readonly string[]> = {
  POLICY_DENIED: ['NUL_BYTE', 'ABSOLUTE_PATH', 'PARENT_SEGMENT', 'OUTSIDE_ROOT', 'INVALID_PATH'],
  EXECUTION_FAILED: ['NOT_FOUND', 'NOT_A_FILE', 'UNREADABLE', 'SYMLINK_LOOP'],
};

beforeAll(() => {
  tree = createTempTree({ 'a.txt': 'alpha\n', 'sub/b.txt': 'beta\n', '\uFFFD.txt': 'replacement\n' });
  tree.link('out', '../outside');
  tree.link('loop', 'loop');
  // The default budget (30 s): every answer must carry a reason, and a 2 s budget could end a call that a
  // loaded machine merely runs slowly in TIMEOUT, which carries none.
  tools = createCodingTools({ root: `${tree.root}/` });
});

afterAll(() => tree.remove());

async function call(tool: 'read-file' | 'glob' | 'grep', text: string) {
  if (tool === 'read-file') return tools.readFile.execute({ id: '1', name: tool, arguments: { path: text } });
  if (tool === 'glob') return tools.glob.execute({ id: '1', name: tool, arguments: { pattern: text } });
  return tools.grep.execute({ id: '1', name: tool, arguments: { pattern: 'a|e', glob: text } });
}

describe('red team: hostile path strings at the tools', () => {
  test('a root given with a trailing slash or through a symlink is its real path', async () => {
    expect(tools.jail.root).toBe(tree.root);
    const viaLink = createCodingTools({ root: join(tree.link('self-root', '.'), '.') });
    expect(viaLink.jail.root).toBe(tree.root);
    const read = await viaLink.readFile.execute({ id: '1', name: 'read-file', arguments: { path: 'a.txt' } });
    expect(read.result).toMatchObject({ path: 'a.txt', content: 'alpha\n' });
  });

  test('jail.contains judges the normalized path: dot-dot, NUL and relative spellings are not inside', () => {
    const { jail } = tools;
    for (const path of [
      `${tree.root}/../outside/secret.txt`,
      `${tree.root}/sub/../../outside`,
      `${tree.root}/..`,
      `${tree.root}-sibling/x`,
      `${tree.root}/a.txt\0`,
      'a.txt',
      '../root/a.txt',
      '',
    ]) {
      expect({ path, inside: jail.contains(path) }).toEqual({ path, inside: false });
    }
    for (const path of [tree.root, `${tree.root}/`, `${tree.root}/sub/../a.txt`, `${tree.root}/./a.txt`]) {
      expect({ path, inside: jail.contains(path) }).toEqual({ path, inside: true });
    }
  });

  test('property: any string, lone surrogates and overlong names included, gets a structured answer', async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '..',
        '.',
        '/',
        '\\',
        '\0',
        'a.txt',
        'sub',
        'out',
        'loop',
        'secret.txt',
        'C:',
        '\\\\?\\',
      ),
      fc.constantFrom('\uD800', '\uDC00', '\u202E', ' ', '\n', '\uFF0E\uFF0E', '\u2024\u2024', '%2e%2e', '~'),
      fc.constant('x'.repeat(300)),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    const text = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));
    const tool = fc.constantFrom('read-file' as const, 'glob' as const, 'grep' as const);
    await fc.assert(
      fc.asyncProperty(text, tool, async (candidate, name) => {
        const result = await call(name, candidate);
        const shown = JSON.stringify(result);
        for (const secret of [tree.root, tree.outside, tree.secret]) expect(shown).not.toContain(secret);
        if (result.error === undefined || result.error.code === 'INVALID_ARGUMENTS') return;
        const reason = String(result.error.details?.reason);
        expect(REASONS[result.error.code]).toContain(reason);
      }),
      { numRuns: 400 },
    );
  });
});
