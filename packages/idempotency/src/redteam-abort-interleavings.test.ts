import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { requestContext, TENANT } from './__fixtures__/harness';
import { createToolResultCache } from './cache/create-tool-result-cache';
import type { ToolResultCacheEntry } from './cache/types';
import { withToolboxIdempotency } from './execution/with-toolbox-idempotency';

type Step =
  | { readonly kind: 'call'; readonly worker: number; readonly mode: 'ok' | 'fail' | 'abortable' }
  | { readonly kind: 'abort'; readonly pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('call' as const),
    worker: fc.integer({ min: 0, max: 1 }),
    mode: fc.constantFrom('ok' as const, 'fail' as const, 'abortable' as const),
  }),
  fc.record({ kind: fc.constant('abort' as const), pick: fc.nat() }),
);

describe('red team: aborts interleaved with an asynchronous store', () => {
  test('property: without a receipt, a side effect that may have happened never runs again', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(step, { minLength: 1, maxLength: 12 }), async (s, steps) => {
        const backing = new Map<string, ToolResultCacheEntry>();
        const store = {
          get: (key: string) => s.schedule(Promise.resolve(backing.get(key)), 'get'),
          set: (key: string, value: ToolResultCacheEntry) =>
            s.schedule(Promise.resolve(backing.set(key, value)), 'set'),
          delete: (key: string) => s.schedule(Promise.resolve(backing.delete(key)), 'delete'),
        };
        let effects = 0;
        const tool = createTool({
          name: 'pay',
          description: 'Pays once',
          input: z.object({ mode: z.enum(['ok', 'fail', 'abortable']) }),
          idempotencyKey: () => 'payment-1',
          execute: ({ mode }, context) => {
            if (mode === 'fail') {
              // Declined before anything happened: the failure is the tool's answer.
              return s.schedule(Promise.resolve('declined'), 'fail').then((reason) => {
                throw new Error(reason);
              });
            }
            effects++;
            if (mode === 'ok') return s.schedule(Promise.resolve('paid'), 'done');
            // The request went out; the wait for its answer rejects when the call is aborted.
            return new Promise((_resolve, reject) => {
              const abort = () => reject(new Error('aborted while waiting for the provider'));
              if (context.signal.aborted) abort();
              else context.signal.addEventListener('abort', abort, { once: true });
            });
          },
        });
        const workers = Array.from({ length: 2 }, () =>
          withToolboxIdempotency(createToolbox([tool]), {
            cache: createToolResultCache({ store }),
            tenantId: TENANT,
          }),
        );
        const controllers: AbortController[] = [];
        const settled: Promise<unknown>[] = [];
        const driver = (async () => {
          for (const next of steps) {
            await s.schedule(Promise.resolve(next.kind), next.kind);
            if (next.kind === 'abort') {
              controllers[next.pick % Math.max(1, controllers.length)]?.abort();
              continue;
            }
            const controller = new AbortController();
            controllers.push(controller);
            settled.push(
              (workers[next.worker] as (typeof workers)[number]).execute(
                { name: 'pay', arguments: { mode: next.mode } },
                { requestContext, signal: controller.signal },
              ),
            );
          }
        })();
        await s.waitAll();
        await driver;
        // Abort what still hangs, so every call and every store step ends.
        for (const controller of controllers) controller.abort();
        await s.waitAll();
        await Promise.all(settled);
        expect(effects).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
    // 300 generated interleavings: 7 s seen on a loaded machine (bun's default is 5 s).
  }, 60_000);
});
