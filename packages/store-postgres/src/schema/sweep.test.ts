import { describe, expect, it } from 'bun:test';
import type { PostgresQuery, PostgresQueryResult } from '../client/postgres-client';
import { createSweeper, sweepStatement } from './sweep';

/** A client answering every sweep with `answer()`, recording after which write each sweep ran. */
function recording(answer: () => Promise<PostgresQueryResult>) {
  const sweptAt: number[] = [];
  let writes = 0;
  const client = {
    query(query: PostgresQuery) {
      expect(query.text).toBe(sweepStatement('t'));
      sweptAt.push(writes);
      return answer();
    },
  };
  const sweep = createSweeper(client, 't');
  return {
    sweptAt,
    async write(count: number) {
      for (let n = 0; n < count; n++) {
        writes++;
        sweep();
        await Promise.resolve(); // lets a finished sweep settle, as the next write's round trip would
        await Promise.resolve();
        await Promise.resolve();
      }
    },
  };
}

describe('the bounded sweep', () => {
  it('sweeps every 64th write while it finds rows due', async () => {
    const table = recording(async () => ({ rows: [], rowCount: 100 }));
    await table.write(64 * 5);
    expect(table.sweptAt).toEqual([64, 128, 192, 256, 320]);
  });

  it('after a sweep with nothing due, waits 1024 writes; rows due again bring back every 64th', async () => {
    let due = 0;
    const table = recording(async () => ({ rows: [], rowCount: due }));
    await table.write(64 + 1024 * 2);
    expect(table.sweptAt).toEqual([64, 64 + 1024, 64 + 2048]);
    due = 7;
    await table.write(1024 + 128);
    expect(table.sweptAt).toEqual([64, 1088, 2112, 3136, 3200, 3264]);
  });

  it('a failed sweep is tried again 64 writes later, never thrown at the writer', async () => {
    const table = recording(() => Promise.reject(new Error('server gone')));
    await table.write(64 * 3);
    expect(table.sweptAt).toEqual([64, 128, 192]);
  });

  it('never runs two sweeps of one table at once', async () => {
    let finish: () => void = () => undefined;
    const table = recording(
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ rows: [], rowCount: 1 });
        }),
    );
    await table.write(64 * 3);
    expect(table.sweptAt).toEqual([64]);
    finish();
    await table.write(8);
    // The writes during the long sweep counted: the next sweep comes as soon as it has finished.
    expect(table.sweptAt).toHaveLength(2);
    expect(table.sweptAt[1]).toBeGreaterThan(192);
    expect(table.sweptAt[1]).toBeLessThanOrEqual(196);
  });
});
