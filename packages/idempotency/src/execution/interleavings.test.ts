import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox, getToolRevision } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { createClock, requestContext, TENANT } from '../__fixtures__/harness';
import { createToolResultCache } from '../cache/create-tool-result-cache';
import type { ToolResultCache, ToolResultCacheEntry } from '../cache/types';
import { composeCacheKey } from '../keys/cache-key';
import type { ResolutionReceipt } from '../receipts/types';
import type { IdempotentToolResult } from './types';
import { withToolboxIdempotency } from './with-toolbox-idempotency';

const LEASE_MS = 1_000;

type Action =
  | { readonly kind: 'call'; readonly worker: number; readonly mode: 'ok' | 'fail' | 'hang' }
  | { readonly kind: 'receipt'; readonly worker: number; readonly pick: number }
  | { readonly kind: 'renew' }
  | { readonly kind: 'expire' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('call' as const),
      worker: fc.integer({ min: 0, max: 2 }),
      mode: fc.constantFrom('ok' as const, 'fail' as const, 'hang' as const, 'hang' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('receipt' as const),
      worker: fc.integer({ min: 0, max: 2 }),
      pick: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'renew' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'expire' as const }) },
);

describe('interleavings of claim, renew, complete, expire and receipts', () => {
  test('property: a side effect that may have happened never runs again without a receipt replacing it', async () => {
    let runsWithReplacements = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(action, { minLength: 1, maxLength: 16 }),
        async (s, actions) => {
          const clock = createClock();
          const backing = new Map<string, ToolResultCacheEntry>();
          // An asynchronous store whose every read and write is an interleaving point.
          const store = {
            get: (key: string) => s.schedule(Promise.resolve(backing.get(key)), 'get'),
            set: (key: string, value: ToolResultCacheEntry) =>
              s.schedule(Promise.resolve(backing.set(key, value)), 'set'),
            delete: (key: string) => s.schedule(Promise.resolve(backing.delete(key)), 'delete'),
          };
          let replacements = 0;
          const minted: string[] = [];
          /** Attempts that actually held the key, in order. */
          const written: string[] = [];
          let effects = 0;
          const tool = createTool({
            name: 'pay',
            description: 'Pays once',
            input: z.object({ mode: z.enum(['ok', 'fail', 'hang']) }),
            idempotencyKey: () => 'payment-1',
            execute: ({ mode }) => {
              if (mode === 'fail') {
                return s.schedule(Promise.resolve('declined'), 'fail').then((reason) => {
                  throw new Error(reason);
                });
              }
              effects++;
              if (mode === 'hang') return new Promise<never>(() => {});
              return s.schedule(Promise.resolve('paid'), 'done');
            },
          });
          const workers = Array.from({ length: 3 }, () => {
            const base = createToolResultCache({ store });
            const cache: ToolResultCache = {
              specificationVersion: 'v1',
              get: (key) => base.get(key),
              claimStarted: async (key, entry) => {
                const claim = await base.claimStarted(key, entry);
                if (claim.claimed) written.push(entry.attemptId);
                return claim;
              },
              renewStarted: (key, attemptId, at) => base.renewStarted(key, attemptId, at),
              completeStarted: (key, attemptId, entry) => base.completeStarted(key, attemptId, entry),
              deleteStarted: (key, attemptId) => base.deleteStarted(key, attemptId),
              replaceUnknownStarted: async (key, attemptId, entry, now) => {
                const replaced = await base.replaceUnknownStarted(key, attemptId, entry, now);
                if (replaced) {
                  replacements++;
                  written.push(entry.attemptId);
                }
                return replaced;
              },
              replaceLegacyStarted: (key, at, entry) => base.replaceLegacyStarted(key, at, entry),
            };
            const toolbox = withToolboxIdempotency(createToolbox([tool]), {
              cache,
              tenantId: TENANT,
              leaseMs: LEASE_MS,
              maxLeaseMs: LEASE_MS * 10,
              now: clock.now,
              createAttemptId: () => {
                const id = `attempt-${minted.length + 1}`;
                minted.push(id);
                return id;
              },
              verifyResolutionReceipt: () => true,
            });
            return { toolbox, cache };
          });
          const settled: Promise<IdempotentToolResult>[] = [];
          const receiptFor = (attemptId: string, key: string, toolRevision: string): ResolutionReceipt => ({
            version: 1,
            key,
            attemptId,
            tenantId: TENANT,
            toolRevision,
            decision: 'retry',
            authorizedAt: clock.now(),
            authorizedBy: 'operator',
            nonce: attemptId,
          });
          const toolRevision = getToolRevision(tool);
          const known = { key: composeCacheKey(TENANT, toolRevision, 'pay', 'payment-1'), toolRevision };
          const track = (promise: Promise<IdempotentToolResult>) => {
            settled.push(promise);
          };
          const perform = (step: Action): void => {
            if (step.kind === 'expire') clock.advance(LEASE_MS + 1);
            else if (step.kind === 'renew') {
              const attemptId = written.at(-1);
              if (attemptId !== undefined) {
                void Promise.resolve(
                  workers[0]?.cache.renewStarted(known.key, attemptId, clock.now() + LEASE_MS),
                );
              }
            } else if (step.kind === 'call') {
              const call = { name: 'pay', arguments: { mode: step.mode } };
              track(
                workers[step.worker]?.toolbox.execute(call, {
                  requestContext,
                }) as Promise<IdempotentToolResult>,
              );
            } else {
              // Usually the attempt holding the key; sometimes an older one, which must be refused.
              const attemptId =
                step.pick % 3 === 0 ? minted[step.pick % Math.max(1, minted.length)] : written.at(-1);
              if (attemptId === undefined) return;
              const resolutionReceipt = receiptFor(attemptId, known.key, known.toolRevision);
              const call = { name: 'pay', arguments: { mode: 'ok' } };
              track(
                workers[step.worker]?.toolbox.execute(call, {
                  requestContext,
                  resolutionReceipt,
                }) as Promise<IdempotentToolResult>,
              );
            }
          };
          // Actions start in order, each at a scheduled point, so their store steps interleave freely.
          const driver = (async () => {
            for (const step of actions) {
              await s.schedule(Promise.resolve(step.kind), step.kind);
              perform(step);
            }
          })();
          await s.waitAll();
          await driver;
          if (replacements > 0) runsWithReplacements++;
          // Never two executions that may have taken effect without a receipt replacing the earlier one.
          expect(effects).toBeLessThanOrEqual(1 + replacements);
          expect(replacements).toBeLessThanOrEqual(minted.length);
        },
      ),
      { numRuns: 300 },
    );
    // The runs did reach the interesting states: some receipt replaced an unknown attempt.
    expect(runsWithReplacements).toBeGreaterThan(0);
  });
});
