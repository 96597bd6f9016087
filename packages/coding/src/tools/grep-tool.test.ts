import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Server } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { makeFifo, makeNullDevice, makeSocket } from '../__fixtures__/special-files';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { createCodingTools } from '../create-coding-tools';
import type { GrepResult } from '../grep/search-files';
import { idleSearchThreads, liveSearchThreads } from '../grep/search-worker-pool';

let tree: TempTree;
let server: Server;
let tools: ReturnType<typeof createCodingTools>;
const MAX_FILE_BYTES = 1024 * 1024;

beforeAll(async () => {
  tree = createTempTree({
    'src/a.ts': 'export function alpha() {}\nconst x = 1;\nexport function beta() {}\n',
    'src/b.ts': 'function gamma() { return "FUNCTION" }\n',
    'src/lib/c.js': 'function delta() {}\nfunction epsilon() {}\n',
    'docs/readme.md': 'no code here\r\nfunction in docs\r\n',
    '.config/settings.json': '{ "function": true }\n',
  });
  tree.file('image.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x66, 0x75, 0x6e, 0x63]));
  tree.file(
    'huge.txt',
    `first marker\n${'filler line\n'.repeat(Math.ceil(MAX_FILE_BYTES / 12))}function after the cap\n`,
  );
  tree.file('long.txt', `${'y'.repeat(100_000)}function${'z'.repeat(100_000)}\n`);
  tree.link('out-link.ts', '../outside/secret.txt');
  tree.link('in-link.ts', 'src/a.ts');
  tree.link('out-dir', '../outside');
  makeFifo(join(tree.root, 'fifo.ts'));
  // Only root may make a device: as another user the tree simply has none (read-file-tool.test checks
  // /dev/null then).
  makeNullDevice(join(tree.root, 'device.ts'));
  server = await makeSocket(join(tree.root, 'socket.ts'));
  tools = createCodingTools({ root: tree.root, maxFileBytes: MAX_FILE_BYTES });
});

afterAll(() => {
  server.close();
  tree.remove();
});

async function grep(args: Record<string, unknown>, options: { timeoutMs?: number } = {}) {
  const grepTool =
    options.timeoutMs === undefined ? tools.grep : createCodingTools({ root: tree.root, ...options }).grep;
  return grepTool.execute({ id: 'call', name: 'grep', arguments: args });
}

async function grepOk(args: Record<string, unknown>): Promise<GrepResult> {
  const result = await grep(args);
  expect(result.error).toBeUndefined();
  return result.result as GrepResult;
}

describe('grep', () => {
  test('finds matching lines with path, line, column and text, ordered by path and line', async () => {
    const found = await grepOk({ pattern: 'function \\w+\\(', glob: 'src/**' });
    expect(found.matches).toEqual([
      { path: 'src/a.ts', line: 1, column: 8, text: 'export function alpha() {}' },
      { path: 'src/a.ts', line: 3, column: 8, text: 'export function beta() {}' },
      { path: 'src/b.ts', line: 1, column: 1, text: 'function gamma() { return "FUNCTION" }' },
      { path: 'src/lib/c.js', line: 1, column: 1, text: 'function delta() {}' },
      { path: 'src/lib/c.js', line: 2, column: 1, text: 'function epsilon() {}' },
    ]);
    expect(found).toMatchObject({ truncated: false, filesSearched: 3, binaryFiles: 0, notes: [] });
  });

  test('searches dotfiles, strips CR from reported lines, reports one match per line, and honours ignoreCase', async () => {
    const found = await grepOk({ pattern: 'function', ignoreCase: true, glob: '{.config,docs,src}/**' });
    expect(found.matches.map((match) => `${match.path}:${match.line}`)).toEqual([
      '.config/settings.json:1',
      'docs/readme.md:2',
      'src/a.ts:1',
      'src/a.ts:3',
      'src/b.ts:1',
      'src/lib/c.js:1',
      'src/lib/c.js:2',
    ]);
    expect(found.matches[1]?.text).toBe('function in docs');
  });

  test('maxMatches caps the result, says so, and keeps the same matches on every run', async () => {
    const first = await grepOk({ pattern: 'function|filler', maxMatches: 4 });
    expect(first.matches).toHaveLength(4);
    expect(first).toMatchObject({ truncated: true, truncatedReason: 'maxMatches' });
    for (let run = 0; run < 3; run++)
      expect((await grepOk({ pattern: 'function|filler', maxMatches: 4 })).matches).toEqual(first.matches);
  });

  test('binary files are skipped and counted; symlinks and special files are never read', async () => {
    const found = await grepOk({ pattern: 'func|SECRET' });
    expect(found.binaryFiles).toBe(1);
    expect(found.matches.some((match) => match.path === 'image.png')).toBe(false);
    expect(found.matches.some((match) => /link|out-dir|fifo|device|socket/.test(match.path))).toBe(false);
    expect(JSON.stringify(found)).not.toContain(tree.secret);
  });

  test('a file larger than maxFileBytes is searched in part, with a note and truncated', async () => {
    const found = await grepOk({ pattern: 'first marker|after the cap', glob: 'huge.txt' });
    expect(found.matches).toEqual([{ path: 'huge.txt', line: 1, column: 1, text: 'first marker' }]);
    expect(found).toMatchObject({ truncated: true, truncatedReason: 'maxFileBytes' });
    expect(found.notes).toEqual([
      { path: 'huge.txt', reason: 'too-large', message: expect.stringContaining('Only the first') },
    ]);
  });

  test('very long lines come back as a window around the match', async () => {
    const [match] = (await grepOk({ pattern: 'function', glob: 'long.txt' })).matches;
    expect(match).toMatchObject({ path: 'long.txt', line: 1, column: 100_001, textTruncated: true });
    expect(match?.text.length).toBeLessThanOrEqual(400);
    expect(match?.text).toContain('function');
  });

  test('an invalid regular expression or glob fails with a precise error', async () => {
    const invalid = (await grep({ pattern: '(unclosed' })).error;
    expect(invalid).toMatchObject({
      code: 'INVALID_ARGUMENTS',
      details: { issues: [{ path: ['pattern'], code: 'invalid_regex' }] },
    });
    // The engine's own message already starts with "Invalid regular expression": said once, with the
    // pattern as given (not the internal flags), the same under Bun and Node.
    expect(invalid?.message).toMatch(/^Invalid regular expression "\(unclosed": [^.].*[^.]\.$/);
    expect(invalid?.message.match(/Invalid regular expression/gi)).toHaveLength(1);
    expect(invalid?.message).not.toContain('/gm');
    // The same for every invalid expression.
    const invalidPattern = fc
      .array(fc.constantFrom('(', ')', '[', ']', '{2,1}', '*', '+', '?', '\\', 'a', '(?<n>', '\\k<x>'), {
        minLength: 1,
        maxLength: 5,
      })
      .map((parts) => parts.join(''))
      .filter((pattern) => {
        try {
          new RegExp(pattern, 'gm');
          return false;
        } catch {
          return true;
        }
      });
    await fc.assert(
      fc.asyncProperty(invalidPattern, async (pattern) => {
        const error = (await grep({ pattern })).error;
        expect(error?.code).toBe('INVALID_ARGUMENTS');
        expect(error?.message.match(/Invalid regular expression/gi)).toHaveLength(1);
        expect(error?.message.startsWith(`Invalid regular expression ${JSON.stringify(pattern)}: `)).toBe(
          true,
        );
        expect(error?.message.endsWith('..')).toBe(false);
      }),
      { numRuns: 100 },
    );
    for (const glob of ['../outside/**', '/etc/*', 'src/{..,x}/*', 'C:/x']) {
      expect((await grep({ pattern: 'x', glob })).error).toMatchObject({
        code: 'POLICY_DENIED',
        retryable: false,
      });
    }
    expect((await grep({ pattern: 'x', glob: '!*.ts' })).error?.code).toBe('INVALID_ARGUMENTS');
    expect((await grep({ pattern: '' })).error?.code).toBe('INVALID_ARGUMENTS');
  });

  test('catastrophic backtracking hits the time budget with a clear error, and the event loop keeps running', async () => {
    tree.file('redos/evil.txt', `${'a'.repeat(64)}!\n`.repeat(50));
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const result = await grep({ pattern: '(a+)+$', glob: 'redos/**' }, { timeoutMs: 300 });
    clearInterval(ticker);
    expect(result.error).toMatchObject({
      code: 'TIMEOUT',
      category: 'timeout',
      retryable: false,
      details: { timeoutMs: 300 },
    });
    expect(result.error?.message).toContain('backtrack');
    // The match never ends on its own: the call returned because the budget stopped it, and only once its
    // worker threads had stopped (a thread inside a runaway match takes up to a few hundred milliseconds of
    // CPU to reach a point where it can be stopped).
    expect(liveSearchThreads()).toBe(idleSearchThreads());
    // A blocked event loop would not have ticked at all: the 5 ms tick was due long before the 300 ms budget.
    expect(ticks).toBeGreaterThan(0);
    // The next call gets a healthy worker.
    expect((await grepOk({ pattern: 'alpha', glob: 'src/**' })).matches).toHaveLength(1);
    // Stopping a thread inside a runaway match takes CPU it must share on a loaded machine: 17 s seen.
  }, 120_000);

  test('a timed-out search has stopped all its threads by the time its result is back', async () => {
    for (let index = 0; index < 130; index++) tree.file(`redos3/evil-${index}.txt`, `${'a'.repeat(64)}!\n`);
    for (let round = 0; round < 3; round++) {
      const result = await grep({ pattern: '(a+)+$', glob: 'redos3/**' }, { timeoutMs: 100 });
      expect(result.error?.code).toBe('TIMEOUT');
      // Only healthy idle threads may remain: none is still inside the runaway match, burning CPU.
      expect(liveSearchThreads()).toBe(idleSearchThreads());
    }
    const results = await Promise.all(
      Array.from({ length: 4 }, () => grep({ pattern: '(a+)+$', glob: 'redos3/**' }, { timeoutMs: 100 })),
    );
    expect(results.every((result) => result.error?.code === 'TIMEOUT')).toBe(true);
    expect(liveSearchThreads()).toBe(idleSearchThreads());
    // Seven runaway searches stopped one after another: 30 s was not enough on a loaded machine.
  }, 120_000);

  test('the caller’s timeout and signal stop a runaway search too', async () => {
    tree.file('redos2/evil.txt', `${'a'.repeat(64)}!\n`.repeat(50));
    // The match never ends on its own (this file's budget is 30 s): each call ends at the caller's 200 ms
    // timeout or 100 ms abort.
    const result = await tools.grep.execute(
      { id: 'call', name: 'grep', arguments: { pattern: '(a+)+$', glob: 'redos2/**' } },
      { timeout: 200 },
    );
    expect(result.error?.code).toBe('TIMEOUT');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const aborted = await tools.grep.execute(
      { id: 'call', name: 'grep', arguments: { pattern: '(a+)+$', glob: 'redos2/**' } },
      { signal: controller.signal },
    );
    expect(aborted.outcome).toBe('cancelled');
    expect((await grepOk({ pattern: 'beta', glob: 'src/**' })).matches).toHaveLength(1);
  }, 120_000);
});
