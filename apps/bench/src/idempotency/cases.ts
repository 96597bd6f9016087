import { createTool, createToolbox } from '@armorer/core';
import {
  createToolResultCache,
  type ToolResultCacheEntry,
  withToolboxIdempotency,
} from '@armorer/idempotency';
import { z } from 'zod';

/** One timed case: a toolbox call, and the value it must produce. */
export interface IdempotencyCase {
  readonly key: 'baseline' | 'passThrough' | 'deduped' | 'fresh' | 'freshLayer';
  readonly label: string;
  readonly run: () => Promise<unknown>;
  readonly check: (value: unknown) => boolean;
}

const TENANT = 'tenant-bench';
const requestContext = Object.freeze({ authority: Object.freeze({ tenantId: TENANT }) });

/** A no-op tool (what the budget is stated against). */
function noOpTool(withKey: boolean) {
  return createTool({
    name: 'no-op',
    description: 'Does nothing',
    input: z.object({ id: z.string() }),
    ...(withKey ? { idempotencyKey: (params: { id: string }) => params.id } : {}),
    async execute() {
      return 1;
    },
  });
}

/**
 * A Map holding the 4,096 newest keys, so millions of fresh keys keep a steady heap. The oldest key is found in
 * a ring of the inserted keys: taking a Map's first key after many deletions walks the deleted slots, which
 * cost more than the whole layer and is not what a store does.
 */
function boundedStore() {
  const map = new Map<string, ToolResultCacheEntry>();
  const ring: (string | undefined)[] = new Array(4096);
  let next = 0;
  return {
    get: (key: string) => map.get(key),
    set: (key: string, value: ToolResultCacheEntry) => {
      if (!map.has(key)) {
        const oldest = ring[next];
        if (oldest !== undefined) map.delete(oldest);
        ring[next] = key;
        next = (next + 1) % ring.length;
      }
      return map.set(key, value);
    },
    delete: (key: string) => map.delete(key),
  };
}

const isOne = (value: unknown) => value === 1;

/** The cases: the undecorated toolbox, a call that uses no key, a deduped hit, and a fresh call. */
export function createIdempotencyCases(): readonly IdempotencyCase[] {
  const plain = createToolbox([noOpTool(false)]);
  const call = { id: 'call-1', name: 'no-op', arguments: { id: 'op-1' } };
  const options = { requestContext };

  const keyless = withToolboxIdempotency(createToolbox([noOpTool(false)]), {
    cache: createToolResultCache({ store: new Map() }),
    tenantId: TENANT,
  });
  const keyed = withToolboxIdempotency(createToolbox([noOpTool(true)]), {
    cache: createToolResultCache({ store: boundedStore() }),
    tenantId: TENANT,
  });
  // Every fresh call brings a new key, as a caller would (a short template string: a few ns of the figure).
  let counter = 0;
  const freshOptions = () => ({ requestContext, idempotencyKey: `k${++counter}` });

  // The same fresh path over a store that keeps nothing: the layer's own cost, without the Map's inserts.
  const layerOnly = withToolboxIdempotency(createToolbox([noOpTool(true)]), {
    cache: createToolResultCache({
      store: { get: () => undefined, set: () => undefined, delete: () => false },
    }),
    tenantId: TENANT,
  });

  return [
    {
      key: 'baseline',
      label: 'undecorated toolbox.execute (no-op tool)',
      run: async () => (await plain.execute(call, options)).result,
      check: isOne,
    },
    {
      key: 'passThrough',
      label: 'idempotent toolbox, tool without a key (not deduped)',
      run: async () => (await keyless.execute(call, options)).result,
      check: isOne,
    },
    {
      key: 'deduped',
      label: 'idempotent toolbox, deduped hit',
      run: async () => (await keyed.execute(call, options)).result,
      check: isOne,
    },
    {
      key: 'fresh',
      label: 'idempotent toolbox, fresh call (claim, run, record)',
      run: async () => (await keyed.execute(call, freshOptions())).result,
      check: isOne,
    },
    {
      key: 'freshLayer',
      label: 'fresh call, layer only (a store that keeps nothing)',
      run: async () => (await layerOnly.execute(call, freshOptions())).result,
      check: isOne,
    },
  ];
}
