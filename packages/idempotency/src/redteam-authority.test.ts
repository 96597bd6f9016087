import { describe, expect, test } from 'bun:test';
import { createTool, type RequestContext, type ToolPolicy } from '@armorer/core';
import { z } from 'zod';
import { chargeCall, createWorker, requestContext, TENANT } from './__fixtures__/harness';
import { createToolResultCache } from './cache/create-tool-result-cache';
import { withIdempotency } from './execution/with-idempotency';

/** A request context whose tenant reads `first` once, then `later` on every read after. */
function flippingContext(first: string, later: string): RequestContext {
  let reads = 0;
  const authority = {
    principalId: 'operator-1',
    get tenantId() {
      reads += 1;
      return reads === 1 ? first : later;
    },
  };
  return { authority } as unknown as RequestContext;
}

describe('red team: request authority', () => {
  test("a context that names this tenant once, then another, never gets this tenant's recorded result", async () => {
    const seen: (string | undefined)[] = [];
    const policy: ToolPolicy = {
      beforeExecute: ({ requestContext: context }) => {
        seen.push(context?.authority?.tenantId);
        return { allow: true };
      },
    };
    const worker = createWorker(new Map(), { policy });
    const recorded = await worker.idempotent.execute(chargeCall(), { requestContext });
    expect(recorded.idempotency?.outcome).toBe('fresh');
    const flipped = await worker.idempotent.execute(chargeCall(), {
      requestContext: flippingContext(TENANT, 'tenant-b'),
    });
    // Whatever the pipeline saw as the request's tenant is what the idempotency layer checked.
    if (flipped.outcome === 'success') expect(seen.at(-1)).toBe(TENANT);
    else expect(flipped.error?.code).toBe('IDEMPOTENCY_AUTHORITY_MISMATCH');
    expect(worker.effects).toHaveLength(1);
  });

  test('through a directly wrapped tool, the implementation runs under the tenant that was checked', async () => {
    const tenants: (string | undefined)[] = [];
    const note = createTool({
      name: 'note',
      description: 'Writes a note in the caller tenant',
      input: z.object({ text: z.string() }),
      execute: (_params, context) => {
        tenants.push(context.requestContext?.authority?.tenantId);
        return tenants.length;
      },
    });
    const cache = createToolResultCache({ store: new Map() });
    const tool = withIdempotency(note, { cache, tenantId: TENANT });
    const result = await tool.execute(
      { name: 'note', arguments: { text: 'x' } },
      { idempotencyKey: 'k', requestContext: flippingContext(TENANT, 'tenant-b') },
    );
    if (result.outcome === 'success') expect(tenants).toEqual([TENANT]);
    else expect(tenants).toEqual([]);
  });

  test('a request context that throws when read is refused before anything is read', async () => {
    const worker = createWorker(new Map());
    const hostile = {
      get authority(): never {
        throw new Error('hostile authority');
      },
    } as unknown as RequestContext;
    const result = await worker.idempotent.execute(chargeCall(), { requestContext: hostile });
    expect(result.error?.code).toBe('IDEMPOTENCY_AUTHORITY_MISMATCH');
    expect(worker.effects).toHaveLength(0);
  });

  test('an authority object of a class whose tenantId getter flips is refused; a data field is not', async () => {
    const seen: (string | undefined)[] = [];
    const policy: ToolPolicy = {
      beforeExecute: ({ requestContext: context }) => {
        seen.push(context?.authority?.tenantId);
        return { allow: true };
      },
    };
    const worker = createWorker(new Map(), { policy });
    await worker.idempotent.execute(chargeCall(), { requestContext });
    class FlippingAuthority {
      reads = 0;
      readonly principalId = 'operator-1';
      get tenantId(): string {
        this.reads += 1;
        return this.reads === 1 ? TENANT : 'tenant-b';
      }
    }
    class PlainAuthority {
      readonly principalId = 'operator-1';
      readonly tenantId = TENANT;
    }
    const flipped = await worker.idempotent.execute(chargeCall(), {
      requestContext: { authority: new FlippingAuthority() } as unknown as RequestContext,
    });
    expect(flipped.error?.code).toBe('IDEMPOTENCY_AUTHORITY_MISMATCH');
    const plain = await worker.idempotent.execute(chargeCall(), {
      requestContext: { authority: new PlainAuthority() } as unknown as RequestContext,
    });
    expect(plain.idempotency?.outcome).toBe('deduped');
    expect(seen.every((tenant) => tenant === TENANT)).toBe(true);
    expect(worker.effects).toHaveLength(1);
  });
});
