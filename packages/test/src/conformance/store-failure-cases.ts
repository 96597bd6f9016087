// The bodies of the store factory suite's error-class cases, loaded when they run: what importing
// `@armorer/test` loads stays small. @internal
import { check, same } from './harness';
import { checkRetryable, everyOperation, firstWrites, storeFailure } from './store-factory-fixtures';
import { spreadToolbox } from './store-factory-toolbox';
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

export async function closedCase(on: () => ConformingStores): Promise<void> {
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
}

export async function stalledCase(stalled: NonNullable<StoreFactoryAdapter['stalled']>): Promise<void> {
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
}

export async function unreachableCase(
  unreachable: NonNullable<StoreFactoryAdapter['unreachable']>,
): Promise<void> {
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
}
