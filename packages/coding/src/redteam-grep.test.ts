import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTempTree, type TempTree } from './__fixtures__/temp-tree';
import { createCodingTools } from './create-coding-tools';
import type { GrepMatch, GrepResult } from './grep/search-files';
import type { ReadFileResult } from './read/read-window';

// Red-team attacks on grep's matching loop: patterns that match the empty string.

let tree: TempTree;
let tools: ReturnType<typeof createCodingTools>;

const files: Record<string, string> = {
  'empty.txt': '',
  'one.txt': 'abc\n',
  'crlf.txt': 'abc\r\ndef\r\n',
  'no-final-newline.txt': 'a\n\nb',
  'blank-lines.txt': '\n\n\n',
};

beforeAll(() => {
  tree = createTempTree(files);
  tools = createCodingTools({ root: tree.root, timeoutMs: 2000 });
});

afterAll(() => tree.remove());

async function totalLines(path: string): Promise<number> {
  const read = await tools.readFile.execute({ id: 'r', name: 'read-file', arguments: { path } });
  return (read.result as ReadFileResult).totalLines as number;
}

describe('red team: grep with empty matches', () => {
  test('a pattern matching every line reports each line once, and no line past the last', async () => {
    for (const pattern of ['$', '^', '(?:)', 'x*', '\\b|$', '(?=)', '^$|.']) {
      const found = await tools.grep.execute({ id: 'g', name: 'grep', arguments: { pattern } });
      const matches = (found.result as GrepResult).matches;
      for (const path of Object.keys(files)) {
        const lines = matches.filter((match) => match.path === path).map((match: GrepMatch) => match.line);
        const expected = Array.from({ length: await totalLines(path) }, (_, index) => index + 1);
        expect({ pattern, path, lines }).toEqual({ pattern, path, lines: expected });
      }
    }
  });
});
