import { describe, expect, it } from 'bun:test';
import {
  type ApprovalStateStore,
  createProcessLocalApprovalStateStore,
  createProcessLocalGrantStateStore,
  type GrantStateStore,
} from '@armorer/approval';
import { StoreError } from '@armorer/core';
import { createToolResultCache, type ToolResultCache } from '@armorer/idempotency';
import { resolveStoreOptions, type StoreFactorySpec, withDeadline } from '@armorer/store-shared';
import { storeFactoryConformance } from './store-factory';
import type { ConformingStores, StoreFactoryAdapter } from './store-factory-types';

/** What a fake backend does: answer, never answer (past the deadline), or refuse to connect. */
type Backend = 'up' | 'silent' | 'gone';

interface Flaws {
  /** The result cache under another name than `cache`. */
  readonly misnamed?: boolean;
  /** A closed store answers `unavailable` (retryable) instead of `closed`. */
  readonly closedRetryable?: boolean;
  /** Unknown options are ignored. */
  readonly lenient?: boolean;
}

const SPEC: StoreFactorySpec = {
  factory: 'createFakeStores',
  connection: 'client',
  example: 'createFakeStores({ client: fakeClient })',
  defaultPrefix: 'armorer:',
  prefix: { accepts: (prefix) => prefix.length > 0, rule: 'a non-empty string' },
  extra: [],
};

/** One namespace's records, shared by every store object on it (as a server would). */
const namespaces = new Map<
  string,
  { approvals: ApprovalStateStore; grants: GrantStateStore; cache: ToolResultCache }
>();

/** Wraps every method: closed, a silent or gone backend, and the deadline, as a real store does. */
function guard<T extends object>(
  target: T,
  state: { closed: boolean },
  backend: Backend,
  flaws: Flaws,
  timeoutMs: number,
): T {
  const failing = (): StoreError | undefined => {
    if (state.closed) {
      return new StoreError({ code: flaws.closedRetryable ? 'unavailable' : 'closed', message: 'closed' });
    }
    if (backend === 'gone') return new StoreError({ code: 'unavailable', message: 'nothing listens' });
    return undefined;
  };
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const error = failing();
        if (error !== undefined) return Promise.reject(error);
        const answer =
          backend === 'silent' ? new Promise(() => {}) : Promise.resolve(value.apply(object, args));
        return withDeadline(
          answer,
          timeoutMs,
          () => new StoreError({ code: 'timeout', message: 'no answer' }),
        );
      };
    },
  });
}

function fakeFactory(backend: Backend, flaws: Flaws = {}) {
  return (options: unknown): ConformingStores => {
    const record = options as Record<string, unknown>;
    const checked = flaws.lenient
      ? {
          [SPEC.connection]: record?.client,
          prefix: record?.prefix,
          operationTimeoutMs: record?.operationTimeoutMs,
        }
      : options;
    const settings = resolveStoreOptions(SPEC, checked);
    if ((record.client as { fake?: unknown }).fake !== true) {
      throw new StoreError({ code: 'misconfigured', message: 'createFakeStores() needs a fake client' });
    }
    let shared = namespaces.get(settings.prefix);
    if (shared === undefined) {
      shared = {
        approvals: createProcessLocalApprovalStateStore(),
        grants: createProcessLocalGrantStateStore(),
        cache: createToolResultCache({ store: new Map() }),
      };
      namespaces.set(settings.prefix, shared);
    }
    const state = { closed: false };
    const wrap = <T extends object>(target: T) =>
      guard(target, state, backend, flaws, settings.operationTimeoutMs);
    const cache = wrap(shared.cache);
    return {
      approvalStateStore: wrap(shared.approvals),
      grantStateStore: wrap(shared.grants),
      ...(flaws.misnamed ? { toolResultCache: cache } : { cache }),
      settings,
      ready: () => {
        if (state.closed) return Promise.reject(new StoreError({ code: 'closed', message: 'closed' }));
        if (backend === 'gone')
          return Promise.reject(new StoreError({ code: 'unavailable', message: 'gone' }));
        return Promise.resolve();
      },
      close: () => {
        state.closed = true;
      },
    } as ConformingStores;
  };
}

function adapter(flaws: Flaws = {}): StoreFactoryAdapter {
  return {
    name: 'createFakeStores',
    factory: fakeFactory('up', flaws),
    connection: { name: 'client', value: () => ({ fake: true, query() {} }) },
    prefix: 'conformance:',
    defaultPrefix: 'armorer:',
    wrongConnections: [['a string', 'redis://x', 'needs a fake client']],
    stalled: (options) => ({ stores: fakeFactory('silent', flaws)({ client: { fake: true }, ...options }) }),
    unreachable: (options) => ({
      stores: fakeFactory('gone', flaws)({ client: { fake: true }, ...options }),
    }),
  };
}

storeFactoryConformance(adapter(), { describe, it });

/** Runs the suite with a recording API and reports which tests failed. */
async function failuresOf(flaws: Flaws) {
  const tests: { name: string; body: () => Promise<void> }[] = [];
  storeFactoryConformance(adapter(flaws), {
    describe: (_name, body) => body(),
    it: (name, body) => tests.push({ name, body }),
  });
  const failed: string[] = [];
  for (const test of tests) {
    try {
      await test.body();
    } catch {
      failed.push(test.name);
    }
  }
  return failed;
}

describe('the store factory suite catches broken factories', () => {
  it('a cache under another name than the option it plugs into fails the spread test', async () => {
    expect(await failuresOf({ misnamed: true })).toContain(
      'the stores spread into createToolbox and withToolboxIdempotency, and are the ones used',
    );
  });

  it('a closed store that answers retryable fails the closed-store test', async () => {
    expect(await failuresOf({ closedRetryable: true })).toEqual([
      'a closed store fails every operation with closed, not retryable, and calls say so',
    ]);
  });

  it('a factory that ignores unknown options fails the option tests', async () => {
    expect(await failuresOf({ lenient: true })).toContain(
      'an unknown, misspelled or renamed option names itself and what to write instead',
    );
  });
});
