import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { chargeCall, createWorker, requestContext, TENANT } from './__fixtures__/harness';
import { createToolResultCache } from './cache/create-tool-result-cache';
import type { ToolResultCacheEntry, ToolResultKeyValueStore } from './cache/types';
import { withToolboxIdempotency } from './execution/with-toolbox-idempotency';
import { composeCacheKey } from './keys/cache-key';
import { fieldKey, fullInputKey } from './keys/key-functions';

/**
 * A store that keeps keys as UTF-8 bytes, as Redis, PostgreSQL and most durable stores do: every lone
 * surrogate becomes U+FFFD on the way in.
 */
function utf8Store(): ToolResultKeyValueStore & { readonly size: number } {
  const map = new Map<string, ToolResultCacheEntry>();
  const bytes = (key: string) => new TextDecoder().decode(new TextEncoder().encode(key));
  return {
    get: (key) => map.get(bytes(key)),
    set: (key, value) => map.set(bytes(key), value),
    delete: (key) => map.delete(bytes(key)),
    get size() {
      return map.size;
    },
  };
}

/** Strings that are not well-formed UTF-16 (at least one lone surrogate). */
const loneSurrogateText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 8 }))
  .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}x${after}`)
  .filter((text) => /\p{Cs}/u.test(text));

describe('red team: hostile key text', () => {
  test('caller keys that differ only in a lone surrogate never share a record in a UTF-8 store', async () => {
    const worker = createWorker(utf8Store());
    const first = await worker.idempotent.execute(chargeCall(), {
      requestContext,
      idempotencyKey: 'k\ud800',
    });
    const second = await worker.idempotent.execute(chargeCall('order-2'), {
      requestContext,
      idempotencyKey: 'k\udbff',
    });
    // Either refused before any read, or run on its own: never answered with the other key's result.
    expect(second.idempotency?.outcome).not.toBe('deduped');
    expect(first.idempotency?.outcome).not.toBe('deduped');
    for (const result of [first, second]) {
      if (result.outcome !== 'success') expect(result.error?.code).toBe('INVALID_TOOL_CALL');
    }
  });

  test('property: no ill-formed caller or derived key reaches the store', async () => {
    await fc.assert(
      fc.asyncProperty(loneSurrogateText, async (key) => {
        const reads: string[] = [];
        const store = new Map<string, ToolResultCacheEntry>();
        const spy: ToolResultKeyValueStore = {
          get: (storeKey) => {
            reads.push(storeKey);
            return store.get(storeKey);
          },
          set: (storeKey, value) => store.set(storeKey, value),
          delete: (storeKey) => store.delete(storeKey),
        };
        let runs = 0;
        const tool = createTool({
          name: 'note',
          description: 'Records a note once',
          input: z.object({ text: z.string() }),
          idempotencyKey: (params) => params.text,
          execute: () => ++runs,
        });
        const toolbox = withToolboxIdempotency(createToolbox([tool]), {
          cache: createToolResultCache({ store: spy }),
          tenantId: TENANT,
        });
        const explicit = await toolbox.execute(
          { name: 'note', arguments: { text: 'plain' } },
          { requestContext, idempotencyKey: key },
        );
        const derived = await toolbox.execute({ name: 'note', arguments: { text: key } }, { requestContext });
        expect(explicit.error?.code).toBe('INVALID_TOOL_CALL');
        expect(derived.error?.code).toBe('INVALID_TOOL_CALL');
        expect(reads).toEqual([]);
        expect(runs).toBe(0);
      }),
      { numRuns: 50 },
    );
  });

  test('a tenant id that is not well-formed is refused when the wrapper is made', () => {
    const worker = createWorker(new Map());
    for (const tenantId of ['t\ud800', '\udc00']) {
      expect(() => withToolboxIdempotency(worker.toolbox, { cache: worker.cache, tenantId })).toThrow(
        TypeError,
      );
    }
  });

  test('property: the cache key is injective in tenant, revision, tool name and key (delimiter injection)', () => {
    const part = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('|', '1:', '|1:a|', 'idem:v1|', ':', '0:|', '\u0000'),
    );
    fc.assert(
      fc.property(fc.tuple(part, part, part, part), fc.tuple(part, part, part, part), (left, right) => {
        const same = left.every((value, index) => value === right[index]);
        expect(composeCacheKey(...left) === composeCacheKey(...right)).toBe(same);
      }),
      { numRuns: 2_000 },
    );
  });

  test('NUL bytes, look-alike normalizations and the longest key stay distinct in a Map store', async () => {
    const worker = createWorker(new Map());
    const keys = ['a\u0000b', 'a\u0000c', 'caf\u00e9', 'cafe\u0301', 'x'.repeat(65_536)];
    for (const [index, key] of keys.entries()) {
      const result = await worker.idempotent.execute(chargeCall(`order-${index}`), {
        requestContext,
        idempotencyKey: key,
      });
      expect(result.idempotency?.outcome).toBe('fresh');
    }
    const tooLong = await worker.idempotent.execute(chargeCall(), {
      requestContext,
      idempotencyKey: 'x'.repeat(65_537),
    });
    expect(tooLong.error?.code).toBe('INVALID_TOOL_CALL');
    expect(worker.effects).toHaveLength(keys.length);
  });
});

describe('red team: inputs that differ but could encode alike (fullInputKey)', () => {
  test('property: Maps and Sets of different contents never share a key', () => {
    const entries = fc.array(fc.tuple(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 4 });
    fc.assert(
      fc.property(entries, entries, (left, right) => {
        const encode = (value: unknown): string | Error => {
          try {
            return fullInputKey(value);
          } catch (error) {
            return error as Error;
          }
        };
        for (const [a, b] of [
          [new Map(left), new Map(right)],
          [new Set(left.map(([key]) => key)), new Set(right.map(([key]) => key))],
        ] as const) {
          const keyA = encode({ items: a });
          const keyB = encode({ items: b });
          if (typeof keyA === 'string' && typeof keyB === 'string' && keyA === keyB) {
            expect([...a]).toEqual([...b]);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  test('a tool keyed by its full input whose input holds a Map never answers one call with another', async () => {
    let runs = 0;
    const tool = createTool({
      name: 'send',
      description: 'Sends to recipients',
      input: z.object({ to: z.map(z.string(), z.string()) }),
      execute: () => ++runs,
    });
    const toolbox = withToolboxIdempotency(createToolbox([tool]), {
      cache: createToolResultCache({ store: new Map() }),
      tenantId: TENANT,
      requireExplicitKey: false,
    });
    const first = await toolbox.execute(
      { name: 'send', arguments: { to: new Map([['a', 'x']]) } },
      { requestContext },
    );
    const second = await toolbox.execute(
      { name: 'send', arguments: { to: new Map([['b', 'y']]) } },
      { requestContext },
    );
    expect(second.idempotency?.outcome).not.toBe('deduped');
    expect(first.idempotency?.outcome).not.toBe('deduped');
  });
});

describe('red team: calls whose key would collapse to null', () => {
  test('fieldKey on an optional field: calls lacking it are refused, never answered with one another', async () => {
    let runs = 0;
    const tool = createTool({
      name: 'refund',
      description: 'Refunds an order',
      input: z.object({ orderId: z.string().optional(), cents: z.number() }),
      idempotencyKey: fieldKey('orderId'),
      execute: ({ cents }) => ({ run: ++runs, cents }),
    });
    const toolbox = withToolboxIdempotency(createToolbox([tool]), {
      cache: createToolResultCache({ store: new Map() }),
      tenantId: TENANT,
    });
    for (const cents of [100, 900]) {
      const result = await toolbox.execute({ name: 'refund', arguments: { cents } }, { requestContext });
      expect(result.error?.code).toBe('INVALID_TOOL_CALL');
      expect((result.error?.cause as { code?: string } | undefined)?.code).toBe('missing-field');
    }
    expect(runs).toBe(0);
    const keyed = await toolbox.execute(
      { name: 'refund', arguments: { orderId: 'o-1', cents: 100 } },
      { requestContext },
    );
    expect(keyed.idempotency?.outcome).toBe('fresh');
  });

  test('full-input keys: NaN, Infinity and null arguments are three calls, never one key', async () => {
    let runs = 0;
    const tool = createTool({
      name: 'record',
      description: 'Records a reading',
      input: z.object({ value: z.unknown() }),
      execute: () => ++runs,
    });
    const toolbox = withToolboxIdempotency(createToolbox([tool]), {
      cache: createToolResultCache({ store: new Map() }),
      tenantId: TENANT,
      requireExplicitKey: false,
    });
    const outcomes = [];
    for (const value of [null, Number.NaN, Number.POSITIVE_INFINITY]) {
      const result = await toolbox.execute({ name: 'record', arguments: { value } }, { requestContext });
      outcomes.push(result.idempotency?.outcome ?? result.error?.code);
    }
    expect(outcomes).toEqual(['fresh', 'INVALID_TOOL_CALL', 'INVALID_TOOL_CALL']);
    expect(runs).toBe(1);
  });
});
