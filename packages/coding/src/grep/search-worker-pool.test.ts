import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { makeFifo, makeSocket, type NullDevice, nullDevice } from '../__fixtures__/special-files';
import { createTempTree, type TempTree } from '../__fixtures__/temp-tree';
import { hasProcFd } from '../jail/open-verified';
import type { SearchRequest } from './protocol';
import { acquireSearchWorkers, releaseSearchWorkers, SearchWorker } from './search-worker-pool';

let tree: TempTree;
let server: Server;
let device: NullDevice;

beforeAll(async () => {
  tree = createTempTree({ 'a.txt': 'one\nneedle two\nthree needle\n', 'dir/b.txt': 'b\n' });
  tree.file('bin.dat', new Uint8Array([110, 101, 101, 100, 108, 101, 0]));
  tree.link('link.txt', 'a.txt');
  makeFifo(join(tree.root, 'fifo'));
  device = nullDevice(tree.root, 'device');
  server = await makeSocket(join(tree.root, 'socket'));
});

afterAll(() => {
  server.close();
  tree.remove();
});

function request(
  files: readonly string[],
  overrides: Partial<SearchRequest> = {},
): Omit<SearchRequest, 'id'> {
  return {
    source: 'needle',
    flags: 'gm',
    literals: undefined,
    limit: 10,
    maxLineLength: 400,
    maxFileBytes: 1024,
    useProcFd: hasProcFd(),
    files: files.map((file) => (file === 'device' ? device.path : join(tree.root, file))),
    ...overrides,
  };
}

describe('SearchWorker', () => {
  test('reads, verifies and matches each file, and explains every file it did not search', async () => {
    const [worker] = acquireSearchWorkers(1);
    if (worker === undefined) throw new Error('no worker');
    for (const useProcFd of [true, false]) {
      const outcomes = await worker.search(
        request(['a.txt', 'bin.dat', 'link.txt', 'fifo', 'device', 'socket', 'dir', 'missing.txt'], {
          useProcFd,
        }),
      );
      expect(outcomes.map((outcome) => [outcome.kind, outcome.note?.reason ?? null])).toEqual([
        ['text', null],
        ['binary', null],
        ['skipped', 'changed'],
        ['skipped', 'not-a-file'],
        ['skipped', 'not-a-file'],
        ['skipped', 'not-a-file'],
        ['skipped', 'not-a-file'],
        ['skipped', 'unreadable'],
      ]);
      expect(outcomes[0]?.matches).toEqual([
        { line: 2, column: 1, text: 'needle two', textTruncated: false },
        { line: 3, column: 7, text: 'three needle', textTruncated: false },
      ]);
    }
    releaseSearchWorkers([worker]);
  });

  test('a worker stuck in a runaway expression is terminated at once and never reused', async () => {
    tree.file('evil.txt', `${'a'.repeat(64)}!\n`);
    const worker = new SearchWorker();
    const pending = worker.search(request(['evil.txt'], { source: '(a+)+$' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const settled = pending.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    void worker.terminate();
    // Rejected at once, before the next turn of the event loop, however long the thread takes to stop.
    const before = new Promise((resolve) => setImmediate(() => resolve('still pending')));
    expect(await Promise.race([settled, before])).toMatch(/terminated/);
    expect(worker.usable).toBe(false);
    releaseSearchWorkers([worker]);
    const [fresh] = acquireSearchWorkers(1);
    expect(fresh).not.toBe(worker);
    await expect(worker.search(request(['a.txt']))).rejects.toThrow(/terminated/);
    if (fresh !== undefined) releaseSearchWorkers([fresh]);
  });

  test('idle workers are reused', async () => {
    const [worker] = acquireSearchWorkers(1);
    if (worker === undefined) throw new Error('no worker');
    releaseSearchWorkers([worker]);
    const [again] = acquireSearchWorkers(1);
    expect(again).toBe(worker);
    if (again !== undefined) releaseSearchWorkers([again]);
  });
});
