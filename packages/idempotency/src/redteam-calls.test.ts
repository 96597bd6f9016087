import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { createChargeCard, requestContext, TENANT } from './__fixtures__/harness';
import { createToolResultCache } from './cache/create-tool-result-cache';
import { withIdempotency } from './execution/with-idempotency';
import { withToolboxIdempotency } from './execution/with-toolbox-idempotency';

/** A call whose name reads `first` for its first `reads` reads, then `later`. */
function flippingCall(reads: number, first: string, later: string) {
  let count = 0;
  return {
    id: 'call-1',
    get name() {
      count += 1;
      return count <= reads ? first : later;
    },
    arguments: { orderId: 'order-1', cents: 2500 },
  };
}

describe('red team: call objects that change between reads', () => {
  test('a call named for a keyless tool, then for a keyed one, never runs the keyed tool undeduplicated', async () => {
    for (let reads = 1; reads <= 6; reads++) {
      const charge = createChargeCard();
      const ping = createTool({
        name: 'ping',
        description: 'Keyless',
        input: z.object({ orderId: z.string(), cents: z.number() }),
        execute: () => 'pong',
      });
      const toolbox = withToolboxIdempotency(createToolbox([charge.tool, ping]), {
        cache: createToolResultCache({ store: new Map() }),
        tenantId: TENANT,
      });
      for (let round = 0; round < 2; round++) {
        await toolbox.execute(flippingCall(reads, 'ping', 'charge-card') as never, { requestContext });
      }
      expect(charge.effects.length).toBeLessThanOrEqual(1);
    }
  });

  test('a call to a wrapped tool named for another tool, then for it, never runs it undeduplicated', async () => {
    for (let reads = 1; reads <= 4; reads++) {
      const charge = createChargeCard();
      const tool = withIdempotency(charge.tool, {
        cache: createToolResultCache({ store: new Map() }),
        tenantId: TENANT,
      });
      for (let round = 0; round < 2; round++) {
        await tool.execute(flippingCall(reads, 'other', 'charge-card') as never, { requestContext });
      }
      expect(charge.effects.length).toBeLessThanOrEqual(1);
    }
  });
});
