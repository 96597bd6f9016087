import { type ConformanceTestApi, check, same } from './harness';
import {
  checkRetryable,
  everyOperation,
  firstWrites,
  spreadToolbox,
  storeFailure,
} from './store-factory-fixtures';
import type { ConformingStores, DisposableStores, StoreFactoryAdapter } from './store-factory-types';

/** A deadline short enough for a test, long enough for a real backend. */
const DEADLINE_MS = 300;

/** What a call through a toolbox answers when its store fails: no run, and the store's advice. */
async function checkCalls(stores: ConformingStores, retryable: boolean, what: string) {
  const runs: string[] = [];
  const toolbox = spreadToolbox(stores, runs);
  const label = `failing-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  for (const [call, code, result] of [
    ['an idempotent call', 'IDEMPOTENCY_STORE_FAILED', await toolbox.execute(label)],
    ['a call that needs approval', 'APPROVAL_STORE_FAILED', await toolbox.pause(label)],
  ] as const) {
    same(result.error?.code, code, `${what}: ${call}`);
    same(result.error?.retryable, retryable, `${what}: ${call}, retryable`);
    const after = result.error?.details?.retryAfterMs;
    check(
      retryable ? typeof after === 'number' && after > 0 : after === undefined,
      `${what}: ${call}, details.retryAfterMs ${retryable ? 'is the wait' : 'is absent'} (got ${String(after)})`,
    );
  }
  same(runs.length, 0, `${what}: runs of the tool`);
}

async function using<T>(made: DisposableStores, body: (stores: ConformingStores) => Promise<T>): Promise<T> {
  try {
    return await body(made.stores);
  } finally {
    made.stores.close();
    await made.dispose?.();
  }
}

/** The error-class cases of {@link storeFactoryConformance}. @internal */
export function storeFailureConformance(
  adapter: StoreFactoryAdapter,
  api: ConformanceTestApi,
  on: (extra?: Record<string, unknown>) => ConformingStores,
): void {
  api.it('a closed store fails every operation with closed, not retryable, and calls say so', async () => {
    const stores = on();
    await stores.ready();
    stores.close();
    stores.close();
    for (const [name, operation] of [...everyOperation(stores), ['ready', () => stores.ready()] as const]) {
      const error = await storeFailure(`${name} after close()`, operation);
      same(error.code, 'closed', `${name} after close(): code`);
      check(
        error.retryable === false && error.retryAfterMs === undefined,
        `${name} after close(): not retryable`,
      );
    }
    await checkCalls(stores, false, 'after close()');
  });

  const stalled = adapter.stalled;
  if (stalled !== undefined) {
    api.it('a backend that never answers fails each write within operationTimeoutMs, retryable', async () => {
      await using(await stalled({ operationTimeoutMs: DEADLINE_MS }), async (stores) => {
        same(stores.settings.operationTimeoutMs, DEADLINE_MS, 'the deadline in effect');
        const failures = await Promise.all(
          firstWrites(stores).map(
            async ([name, operation]) => [name, await storeFailure(name, operation)] as const,
          ),
        );
        for (const [name, error] of failures) checkRetryable(error, ['timeout', 'busy', 'unavailable'], name);
        await checkCalls(stores, true, 'a backend that never answers');
      });
    });
  }

  const unreachable = adapter.unreachable;
  if (unreachable !== undefined) {
    api.it(
      'a backend that is not there fails ready() and every operation as unavailable, retryable',
      async () => {
        await using(await unreachable({ operationTimeoutMs: DEADLINE_MS }), async (stores) => {
          checkRetryable(
            await storeFailure('ready()', () => stores.ready()),
            ['unavailable', 'timeout'],
            'ready()',
          );
          for (const [name, operation] of everyOperation(stores)) {
            checkRetryable(await storeFailure(name, operation), ['unavailable', 'timeout'], name);
          }
          await checkCalls(stores, true, 'a backend that is not there');
        });
      },
    );
  }
}
