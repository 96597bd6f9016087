import { expectTypeOf, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
import { createToolResultCache } from '../cache/create-tool-result-cache';
import { fieldKey } from '../keys/key-functions';
import type { IdempotencyInfo, IdempotencyOutcome } from './types';
import { withIdempotency } from './with-idempotency';
import { withToolboxIdempotency } from './with-toolbox-idempotency';

const charge = createTool({
  name: 'charge-card',
  description: 'Charge',
  input: z.object({ orderId: z.string(), cents: z.number() }),
  idempotencyKey: fieldKey('orderId'),
  execute: async ({ orderId }) => ({ chargeId: `ch_${orderId}` }),
});
const cache = createToolResultCache({ store: new Map() });

test('an idempotent toolbox keeps result types and adds result.idempotency', async () => {
  const toolbox = withToolboxIdempotency(createToolbox([charge]), { cache, tenantId: 't' });
  const result = await toolbox.execute(
    { name: 'charge-card', arguments: { orderId: 'o', cents: 1 } },
    { idempotencyKey: 'k', requestContext: { authority: { tenantId: 't' } } },
  );
  expectTypeOf(result.result).toEqualTypeOf<{ chargeId: string } | undefined>();
  expectTypeOf(result.idempotency).toEqualTypeOf<IdempotencyInfo | undefined>();
  expectTypeOf<IdempotencyInfo['outcome']>().toEqualTypeOf<IdempotencyOutcome>();
  const batch = await toolbox.execute([{ name: 'charge-card', arguments: {} }]);
  expectTypeOf(batch[0]?.idempotency).toEqualTypeOf<IdempotencyInfo | undefined>();
  // @ts-expect-error a resolution receipt has a fixed shape
  await toolbox.execute({ name: 'charge-card', arguments: {} }, { resolutionReceipt: { key: 'k' } });
});

test('an idempotent tool keeps its parameter and result types', async () => {
  const idempotent = withIdempotency(charge, { cache, tenantId: 't' });
  const value = await idempotent.execute({ orderId: 'o', cents: 1 }, { idempotencyKey: 'k' });
  expectTypeOf(value).toEqualTypeOf<{ chargeId: string }>();
  const result = await idempotent.execute({
    id: 'c',
    name: 'charge-card',
    arguments: { orderId: 'o', cents: 1 },
  });
  expectTypeOf(result.idempotency).toEqualTypeOf<IdempotencyInfo | undefined>();
  // @ts-expect-error the fieldKey names a field of the input
  fieldKey<{ orderId: string }>('missing');
});
