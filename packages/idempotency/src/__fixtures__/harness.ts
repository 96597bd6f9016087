import { createTool, createToolbox, type ToolPolicy } from '@armorer/core';
import { z } from 'zod';
import { createToolResultCache } from '../cache/create-tool-result-cache';
import type { ToolResultKeyValueStore } from '../cache/types';
import type { IdempotencyOptions } from '../execution/options';
import { withToolboxIdempotency } from '../execution/with-toolbox-idempotency';
import { fieldKey } from '../keys/key-functions';

export const TENANT = 'tenant-a';
export const requestContext = { authority: { tenantId: TENANT, principalId: 'operator-1' } };

/** A manual clock. */
export function createClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** A promise you resolve from outside. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A charge-card tool counting its side effects; `gate` (when set) holds every execution until released. */
export function createChargeCard(options: { gate?: Promise<void> } = {}) {
  const effects: { orderId: string; cents: number }[] = [];
  const tool = createTool({
    name: 'charge-card',
    description: 'Charge a card for an order',
    input: z.object({ orderId: z.string(), cents: z.number().int().positive() }),
    metadata: { mutates: true },
    idempotencyKey: fieldKey('orderId'),
    async execute({ orderId, cents }) {
      if (options.gate !== undefined) await options.gate;
      effects.push({ orderId, cents });
      return { chargeId: `ch_${effects.length}`, orderId, cents };
    },
  });
  return { tool, effects };
}

/** One idempotent toolbox over `store`, as a worker would build it. */
export function createWorker(
  store: ToolResultKeyValueStore,
  options: Partial<IdempotencyOptions> & {
    gate?: Promise<void>;
    policy?: ToolPolicy;
    policyRevision?: string;
  } = {},
) {
  const { gate, policy, policyRevision, ...rest } = options;
  const charge = createChargeCard(gate === undefined ? {} : { gate });
  const toolbox = createToolbox([charge.tool], {
    ...(policy === undefined ? {} : { policy }),
    ...(policyRevision === undefined ? {} : { policyRevision }),
  });
  const cache = createToolResultCache({ store });
  const idempotent = withToolboxIdempotency(toolbox, { cache, tenantId: TENANT, ...rest });
  return { ...charge, toolbox, cache, idempotent };
}

export const chargeCall = (orderId = 'order-1', id = 'call-1') => ({
  id,
  name: 'charge-card' as const,
  arguments: { orderId, cents: 2500 },
});
