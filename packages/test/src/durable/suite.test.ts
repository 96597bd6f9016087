import { describe, expect, spyOn, test } from 'bun:test';
import { join } from 'node:path';
import { ConformanceError } from '../conformance/harness';
import { defineDurableStoreProcessTests } from './index';
import type { DurableStoreAdapter, DurableTestApi } from './suite-types';

interface Registered {
  readonly name: string;
  readonly body: () => Promise<void>;
  readonly timeoutMs: number;
}

/** Registers the suite with a recording runner. */
function register(adapter: DurableStoreAdapter<object>): Registered[] {
  const tests: Registered[] = [];
  const prefix: string[] = [];
  const api: DurableTestApi = {
    describe(name, body) {
      prefix.push(name);
      body();
      prefix.pop();
    },
    test(name, body, timeoutMs) {
      tests.push({ name: [...prefix, name].join(' > '), body, timeoutMs });
    },
  };
  defineDurableStoreProcessTests(adapter, api);
  return tests;
}

async function failure(body: () => Promise<void>): Promise<unknown> {
  try {
    await body();
  } catch (error) {
    return error;
  }
  return undefined;
}

const disposed: string[] = [];
// Stores that are not shared between processes: every scenario of the suite must fail.
const processLocal: DurableStoreAdapter<object> = {
  name: 'process-local',
  workerModule: join(import.meta.dir, '__fixtures__', 'process-local-worker.ts'),
  execArgv: ['--conditions=@armorer/source'],
  workers: 2,
  rounds: 2,
  store: (scenario, settings) => ({
    storeOptions: {},
    dispose: () => disposed.push(`${scenario} ${JSON.stringify(settings)}`),
  }),
  outage: () => ({
    storeOptions: {},
    begin: () => undefined,
    end: () => undefined,
    dispose: () => disposed.push('outage'),
    reason: 'unavailable',
  }),
};

describe('defineDurableStoreProcessTests', () => {
  test('registers the race, both crashes, the restart and the outage, with their timeouts', () => {
    expect(register(processLocal).map(({ name, timeoutMs }) => [name, timeoutMs])).toEqual([
      [
        'process-local: worker processes > 2 workers x 2 rounds resume one approval and claim one key at once: one execution each',
        600_000,
      ],
      [
        'process-local: worker processes > SIGKILL between claim and completion leaves unknown-outcome, also after the lease, never a second run',
        120_000,
      ],
      [
        'process-local: worker processes > SIGKILL between reserve and commit: refused while reserved, resumable after the lease, once',
        120_000,
      ],
      [
        'process-local: worker processes > a restart: a pending approval resumes in a new process; a completed result is deduped',
        120_000,
      ],
      [
        'process-local: backend outage > the store taken away: typed store errors and no execution; back, the same worker serves again',
        120_000,
      ],
    ]);
  });

  test('every scenario fails, naming what broke, on stores a process keeps to itself; each store is disposed of', async () => {
    disposed.length = 0;
    const errors = await Promise.all(register(processLocal).map((registered) => failure(registered.body)));
    for (const error of errors) expect(error).toBeInstanceOf(ConformanceError);
    const messages = errors.map((error) => (error as Error).message);
    expect(messages[0]).toContain('round 0: 2 idempotent calls ran fresh');
    expect(messages[1]).toContain('the probe ran 2 times');
    expect(messages[2]).toBe('the state after the kill: {"state":null}, not reserved');
    expect(messages[3]).toContain('the idempotent probe ran 2 times');
    expect(messages[4]).toContain('the probe ran during the outage');
    expect(disposed.sort()).toEqual([
      'claim-crash {}',
      'outage',
      'race {}',
      'reserve-crash {"reservationLeaseMs":3000}',
      'restart {}',
    ]);
  }, 60_000);

  test('an unreachable store registers one failing test each when asked to fail, else warns and registers none', async () => {
    const unreachable = {
      ...processLocal,
      unavailable: 'the server is not running',
      outageUnavailable: 'the server binary is missing',
    };
    const failing = register({ ...unreachable, failWhenUnavailable: true });
    expect(failing.map((registered) => registered.name)).toEqual([
      'process-local process tests: the server is not running',
      'process-local backend outage: the server binary is missing',
    ]);
    for (const registered of failing) expect(await failure(registered.body)).toBeInstanceOf(Error);
    const warn = spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(register(unreachable)).toEqual([]);
      expect(warn.mock.calls.map(([message]) => message)).toEqual([
        'skipping process-local process tests: the server is not running',
        'skipping process-local backend outage: the server binary is missing',
      ]);
    } finally {
      warn.mockRestore();
    }
  });
});
