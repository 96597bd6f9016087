import { expectTypeOf, test } from 'bun:test';
import { z } from 'zod';
import { createTool } from './public';

test('idempotencyKey receives the validated arguments', () => {
  createTool({
    name: 'charge',
    description: 'Charge',
    input: z.object({ orderId: z.string(), cents: z.number().default(0) }),
    idempotencyKey: (params) => {
      expectTypeOf(params).toEqualTypeOf<{ orderId: string; cents: number }>();
      return params.orderId;
    },
    execute: () => 1,
  });
  createTool({
    name: 'charge',
    description: 'Charge',
    input: z.object({ orderId: z.string() }),
    // @ts-expect-error a key is a string
    idempotencyKey: (params) => params.orderId.length,
    execute: () => 1,
  });
});
