import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { tempDatabase } from '../__fixtures__/temp-db';

const WORKER = join(import.meta.dir, 'open-worker.ts');

describe('processes opening one new file at the same moment', () => {
  test('every one opens it: a lock SQLite reports without waiting is waited out', async () => {
    const rounds = Number(process.env.ARMORER_OPEN_ROUNDS ?? 30);
    for (let round = 0; round < rounds; round++) {
      const temp = tempDatabase(`open-${round}`);
      try {
        const workers = Array.from({ length: 4 }, () =>
          Bun.spawn([process.execPath, '--conditions=@armorer/source', WORKER, temp.path], {
            stdout: 'pipe',
            stderr: 'pipe',
          }),
        );
        const outcomes = await Promise.all(
          workers.map(async (worker) => ({
            code: await worker.exited,
            stderr: await new Response(worker.stderr).text(),
          })),
        );
        for (const outcome of outcomes) expect(outcome).toEqual({ code: 0, stderr: '' });
      } finally {
        temp.cleanup();
      }
    }
  }, 60_000);
});
