import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { makeFifo, type NullDevice, nullDevice } from '../__fixtures__/special-files';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { createCodingTools } from '../create-coding-tools';
import { PathTraversalError } from '../errors/path-traversal-error';
import type { ReadFileResult } from '../read/read-window';

let tree: TempTree;
let tools: ReturnType<typeof createCodingTools>;
let device: NullDevice;
const LINES = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`);
const BIG_LINES = 400_000;

beforeAll(() => {
  tree = createTempTree({
    'ten.txt': `${LINES.join('\n')}\n`,
    'no-final-newline.txt': 'one\ntwo',
    'empty.txt': '',
    'crlf.txt': 'a\r\nb\r\n',
    'euro.txt': '€€€€\n',
  });
  tree.file('binary.bin', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
  tree.file('big.txt', Array.from({ length: BIG_LINES }, (_, index) => `row ${index + 1}`).join('\n'));
  tree.file('long-line.txt', `${'x'.repeat(3 * 1024 * 1024)}\nsecond\n`);
  tree.link('link.txt', 'ten.txt');
  tree.link('out.txt', '../outside/secret.txt');
  makeFifo(join(tree.root, 'fifo'));
  device = nullDevice(tree.root, 'device');
  tools = createCodingTools({ root: tree.root, maxFileBytes: 4 * 1024 * 1024 });
});

afterAll(() => tree.remove());

async function read(args: Record<string, unknown>) {
  return tools.readFile.execute({ id: 'call', name: 'read-file', arguments: args });
}

async function readOk(args: Record<string, unknown>): Promise<ReadFileResult> {
  const result = await read(args);
  expect(result.error).toBeUndefined();
  return result.result as ReadFileResult;
}

describe('read-file', () => {
  test('reads a whole small file and says it reached the end', async () => {
    expect(await readOk({ path: 'ten.txt' })).toEqual({
      path: 'ten.txt',
      content: `${LINES.join('\n')}\n`,
      startLine: 1,
      endLine: 10,
      size: Buffer.byteLength(`${LINES.join('\n')}\n`),
      binary: false,
      truncated: false,
      totalLines: 10,
    });
  });

  test('offset/limit select a window of lines and point at the next one', async () => {
    const window = await readOk({ path: 'ten.txt', offset: 3, limit: 2 });
    expect(window).toMatchObject({
      content: 'line 3\nline 4\n',
      startLine: 3,
      endLine: 4,
      truncated: false,
      nextOffset: 5,
    });
    expect(await readOk({ path: 'ten.txt', offset: 9, limit: 5 })).toMatchObject({
      content: 'line 9\nline 10\n',
      endLine: 10,
      totalLines: 10,
    });
    expect(await readOk({ path: 'ten.txt', offset: 10, limit: 1 })).toMatchObject({
      content: 'line 10\n',
      totalLines: 10,
    });
    expect(await readOk({ path: 'ten.txt', offset: 50 })).toMatchObject({
      content: '',
      startLine: 50,
      endLine: 49,
      totalLines: 10,
    });
    expect(await readOk({ path: 'no-final-newline.txt', offset: 2 })).toMatchObject({
      content: 'two',
      endLine: 2,
      totalLines: 2,
    });
    expect(await readOk({ path: 'no-final-newline.txt', offset: 3 })).toMatchObject({
      content: '',
      totalLines: 2,
    });
  });

  test('empty files, CRLF line endings and symlinks inside the root', async () => {
    expect(await readOk({ path: 'empty.txt' })).toMatchObject({
      content: '',
      startLine: 1,
      endLine: 0,
      totalLines: 0,
    });
    expect(await readOk({ path: 'crlf.txt', limit: 1 })).toMatchObject({ content: 'a\r\n', nextOffset: 2 });
    expect(await readOk({ path: 'link.txt', limit: 1 })).toMatchObject({
      path: 'ten.txt',
      content: 'line 1\n',
    });
  });

  test('maxBytes cuts at a line boundary and reports it instead of dropping data silently', async () => {
    const cut = await readOk({ path: 'ten.txt', maxBytes: 20 });
    expect(cut).toMatchObject({
      content: 'line 1\nline 2\n',
      endLine: 2,
      truncated: true,
      truncatedReason: 'maxBytes',
      nextOffset: 3,
    });
    const next = await readOk({ path: 'ten.txt', offset: cut.nextOffset, maxBytes: 20 });
    expect(next.content).toBe('line 3\nline 4\n');
    // A limit that fits is not a truncation.
    expect(await readOk({ path: 'ten.txt', limit: 2, maxBytes: 20 })).toMatchObject({
      truncated: false,
      nextOffset: 3,
    });
  });

  test('a line longer than maxBytes comes back in part, never split inside a character', async () => {
    const part = await readOk({ path: 'euro.txt', maxBytes: 5 });
    expect(part).toMatchObject({
      content: '€',
      truncated: true,
      truncatedReason: 'maxBytes',
      endLine: 1,
      nextOffset: 2,
    });
    const long = await readOk({ path: 'long-line.txt' });
    expect(long.content).toHaveLength(256 * 1024);
    expect(long).toMatchObject({ truncated: true, nextOffset: 2 });
    expect(await readOk({ path: 'long-line.txt', offset: 2 })).toMatchObject({
      content: 'second\n',
      totalLines: 2,
    });
  });

  test('huge files: the default cap holds, and a deep offset is reached by a bounded scan', async () => {
    const first = await readOk({ path: 'big.txt' });
    expect(first.truncated).toBe(true);
    expect(Buffer.byteLength(first.content)).toBeLessThanOrEqual(256 * 1024);
    expect(first.content.endsWith('\n')).toBe(true);
    const last = await readOk({ path: 'big.txt', offset: BIG_LINES - 1 });
    expect(last).toMatchObject({ content: `row ${BIG_LINES - 1}\nrow ${BIG_LINES}`, totalLines: BIG_LINES });
  });

  test('binary files are reported as binary, with no content', async () => {
    expect(await readOk({ path: 'binary.bin' })).toMatchObject({
      binary: true,
      content: '',
      truncated: false,
      size: 7,
    });
    expect(await readOk({ path: 'binary.bin', offset: 2 })).toMatchObject({ binary: true, content: '' });
  });

  test('paths outside the root are POLICY_DENIED with the PathTraversalError as cause', async () => {
    for (const path of ['../outside/secret.txt', 'out.txt', join(tree.outside, 'secret.txt'), 'ten.txt\0']) {
      const result = await read({ path });
      expect(result.outcome).toBe('error');
      expect(result.error).toMatchObject({ category: 'policy', code: 'POLICY_DENIED', retryable: false });
      expect(PathTraversalError.isInstance(result.error?.cause)).toBe(true);
      expect(JSON.stringify(result)).not.toContain(tree.secret);
    }
  });

  test('missing files, directories, FIFOs and devices fail at once with a clear reason', async () => {
    const cases = { 'missing.txt': 'NOT_FOUND', '.': 'NOT_A_FILE', fifo: 'NOT_A_FILE' };
    for (const [path, reason] of Object.entries(cases)) {
      const result = await read({ path });
      expect(result.error).toMatchObject({ code: 'EXECUTION_FAILED', retryable: false, details: { reason } });
      expect(result.error?.message).toContain(JSON.stringify(path));
    }
    // In the tree when this user may make a device there, else /dev/null in a jail rooted at /dev.
    const { readFile } = createCodingTools({ root: device.root });
    const result = await readFile.execute({
      id: 'call',
      name: 'read-file',
      arguments: { path: device.name },
    });
    expect(result.error).toMatchObject({ code: 'EXECUTION_FAILED', details: { reason: 'NOT_A_FILE' } });
  });

  test('bad arguments are refused by the schema', async () => {
    for (const args of [
      {},
      { path: '' },
      { path: 'ten.txt', offset: 0 },
      { path: 'ten.txt', limit: 1.5 },
      { path: 'ten.txt', maxBytes: 5 * 1024 * 1024 },
    ]) {
      expect((await read(args)).error?.code).toBe('INVALID_ARGUMENTS');
    }
  });
});
