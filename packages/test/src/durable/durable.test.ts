import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  runDurableClaimCrash,
  runDurableOutage,
  runDurableRace,
  runDurableReserveCrash,
  runDurableRestart,
} from './index';

// Stores that are not shared between processes: every scenario must report it.
const common = {
  workerModule: join(import.meta.dir, '__fixtures__', 'process-local-worker.ts'),
  execArgv: ['--conditions=@armorer/source'],
  storeOptions: {},
};

describe('the durable harness catches stores that are not shared across processes', () => {
  test('the race: every worker runs the idempotent call itself', async () => {
    const report = await runDurableRace({ ...common, workers: 3, rounds: 2 });
    expect(report.violations).toContain('round 0: 3 idempotent calls ran fresh');
    expect(report.violations).toContain('round 1: the idempotent probe ran 3 times');
    expect(report.executeOutcomes.fresh).toBe(6);
  }, 30_000);

  test('the claim crash: the retry runs again instead of answering unknown-outcome', async () => {
    const report = await runDurableClaimCrash({ ...common, retries: 1, idempotencyLeaseMs: 200 });
    expect(report.executions).toBe(2);
    expect(report.afterLease?.idempotency).toBe('deduped');
    expect(report.violations).toContain(
      `the retry after the lease answered ${JSON.stringify(report.afterLease)}, not unknown-outcome`,
    );
  }, 30_000);

  test('the reserve crash: another process never saw the approval', async () => {
    const report = await runDurableReserveCrash(common);
    expect(report).toMatchObject({ result: 'refused', reason: 'not-issued', executions: 0 });
    expect(report.stateAfterKill).toEqual({ state: null });
    expect(report.first).toMatchObject({ outcome: 'denied', reason: 'not-issued' });
  }, 30_000);

  test('the restart: the approval and the result are lost', async () => {
    const report = await runDurableRestart(common);
    expect(report.resume).toMatchObject({ outcome: 'denied', reason: 'not-issued' });
    expect(report.execute.idempotency).toBe('fresh');
    expect(report.violations.slice(2)).toEqual([
      'the approval probe ran 0 times',
      'the idempotent probe ran 2 times',
    ]);
  }, 30_000);

  test('the outage: nothing went away, so the calls during it ran', async () => {
    const report = await runDurableOutage({ ...common, outage: { begin: () => 0, end: () => 0 } });
    expect(report.during.state).toEqual({ state: 'consumed' });
    expect(report.violations).toContain('the probe ran during the outage');
    expect(report.after.replay.idempotency).toBe('deduped');
  }, 30_000);

  test('bad options are refused before any process starts, leaving no directory behind', async () => {
    // A temporary directory of this test's own: whatever a refused run leaves in it is a leak.
    const scratch = mkdtempSync(join(tmpdir(), 'armorer-refused-'));
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    try {
      await expect(runDurableRace({ ...common, workers: 1 })).rejects.toBeInstanceOf(TypeError);
      await expect(runDurableRestart({ ...common, workerModule: '' })).rejects.toBeInstanceOf(TypeError);
      await expect(runDurableOutage({ ...common, outage: {} as never })).rejects.toBeInstanceOf(TypeError);
      expect(readdirSync(scratch)).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  test('a worker module that fails to open its stores fails the run with its error', async () => {
    const missing = { ...common, workerModule: join(import.meta.dir, '__fixtures__', 'no-such-worker.ts') };
    await expect(runDurableRestart(missing)).rejects.toThrow(/exited/);
  }, 30_000);
});
