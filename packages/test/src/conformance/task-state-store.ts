import type { TaskStateStore } from '@armorer/idempotency';
import type { Awaitable, ConformanceOptions, ConformanceTestApi } from './harness';

/** Options of {@link taskStateStoreConformance}. */
export interface TaskStateStoreConformanceOptions extends ConformanceOptions {
  /**
   * A second store object on the same backend as the one `createStore` just returned (another process's
   * view): when given, the suite checks that each sees what the other writes. Leave it out for
   * process-local stores.
   */
  readonly createPeer?: () => Awaitable<TaskStateStore>;
}

/**
 * Registers the conformance tests of the {@link TaskStateStore} contract: create, read and compare-and-set
 * transitions per (scope, task id), terminal states that never change, progress, cancel requests and
 * lease renewals that do not move the revision, expiry, lists that stay in their scope and page newest
 * first, JSON kept exactly, bounded record size, refusal of malformed input, and atomicity under
 * concurrent creates and transitions. `createStore` is called once per test; every fixture task has a
 * fresh random id, so a shared backend works.
 *
 * @example
 * ```ts
 * import { describe, it } from 'bun:test';
 * import { taskStateStoreConformance } from '@armorer/test';
 * import { createProcessLocalTaskStateStore } from '@armorer/idempotency';
 *
 * taskStateStoreConformance(() => createProcessLocalTaskStateStore(), { describe, it });
 * ```
 */
export function taskStateStoreConformance(
  createStore: () => Awaitable<TaskStateStore>,
  api: ConformanceTestApi,
  options: TaskStateStoreConformanceOptions = {},
): void {
  const concurrency = options.concurrency ?? 50;
  // The bodies load when they run, so importing `@armorer/test` stays light.
  const cases = async () => ({
    ...(await import('./task-state-store-cases')),
    ...(await import('./task-state-store-list-cases')),
  });
  const run = (name: string, body: (c: Awaited<ReturnType<typeof cases>>) => Promise<void>) =>
    api.it(name, async () => body(await cases()));

  api.describe(options.name ?? 'TaskStateStore conformance', () => {
    run('create records a task that get answers as written; an unknown task is undefined', (c) =>
      c.createAndGet(createStore),
    );
    run('create refuses a live task id; the same id in another scope is another task', (c) =>
      c.createTwice(createStore),
    );
    run('a task is invisible to every other tenant and principal', (c) => c.scopeIsolation(createStore));
    run('transition is a compare-and-set on revision, and keeps progress and the cancel flag', (c) =>
      c.compareAndSet(createStore),
    );
    run('a terminal task never changes again: transitions, progress and renewals are refused', (c) =>
      c.terminalIsFinal(createStore),
    );
    run('progress is written for the owner of a working task only, without moving the revision', (c) =>
      c.progressRules(createStore),
    );
    run('renew moves the owner’s lease and reports a cancel request; another owner is fenced out', (c) =>
      c.renewRules(createStore),
    );
    run('requestCancel flags a live task once and leaves a terminal one alone', (c) =>
      c.cancelRules(createStore),
    );
    run('an expired task is gone: get, list and transitions miss it, create may reuse its id', (c) =>
      c.expiry(createStore),
    );
    run('list answers one scope newest first, in pages that cover every task once', (c) =>
      c.listPages(createStore),
    );
    run('list never answers another tenant’s or principal’s task', (c) => c.listScope(createStore));
    run('JSON parts come back exactly (unicode, escapes, nesting, big numbers)', (c) =>
      c.jsonExact(createStore),
    );
    run('malformed keys, records, changes and list options are refused with TypeError', (c) =>
      c.malformed(createStore),
    );
    run('a record larger than MAX_TASK_RECORD_BYTES is refused with RangeError, nothing written', (c) =>
      c.tooLarge(createStore),
    );
    run(`${concurrency} concurrent creates of one task id: exactly one succeeds`, (c) =>
      c.createRace(createStore, concurrency),
    );
    run(`${concurrency} concurrent transitions from one revision: exactly one is applied`, (c) =>
      c.transitionRace(createStore, concurrency),
    );
    const peer = options.createPeer;
    if (peer !== undefined) {
      run('a second store on the same backend sees and changes the same tasks', (c) =>
        c.peerStores(createStore, peer),
      );
    }
  });
}
