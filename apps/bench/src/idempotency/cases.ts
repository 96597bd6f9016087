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

/** A Map holding the 4,096 newest keys (the oldest is evicted), so millions of fresh keys keep a steady heap. */
function boundedStore() {
  const map = new Map<string, ToolResultCacheEntry>();
  return {
    get: (key: string) => map.get(key),
    set: (key: string, value: ToolResultCacheEntry) => {
      if (map.size >= 4096 && !map.has(key)) map.delete(map.keys().next().value as string);
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
  // Callers bring their own key; making a unique one is not the layer's cost, so a ring of 65,536
  // distinct keys is built up front (more than the bounded store holds, so every call is fresh).
  const ring = Array.from({ length: 65_536 }, (_, index) => ({
    requestContext,
    idempotencyKey: `fresh-${index}`,
  }));
  // The same fresh path over a store that keeps nothing: the layer's own cost, without the Map's inserts.
  const layerOnly = withToolboxIdempotency(createToolbox([noOpTool(true)]), {
    cache: createToolResultCache({
      store: { get: () => undefined, set: () => undefined, delete: () => false },
    }),
    tenantId: TENANT,
  });
  let counter = 0;
  let generation = 0;
  const freshOptions = () => {
    counter = (counter + 1) & 65_535;
    // After a full turn, rebuild the keys so none repeats within the store's memory.
    if (counter === 0) {
      generation++;
      for (let index = 0; index < ring.length; index++) {
        ring[index] = { requestContext, idempotencyKey: `fresh-${generation}-${index}` };
      }
    }
    return ring[counter] as (typeof ring)[number];
  };

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
