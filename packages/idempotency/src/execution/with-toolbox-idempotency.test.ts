import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox, getToolRevision } from '@armorer/core';
import { z } from 'zod';
import { chargeCall, createWorker, requestContext, TENANT } from '../__fixtures__/harness';
import { createToolResultCache } from '../cache/create-tool-result-cache';
import { withToolboxIdempotency } from './with-toolbox-idempotency';

describe('withToolboxIdempotency', () => {
  test('the first call runs the tool (fresh); a retry returns the recorded result (deduped)', async () => {
    const worker = createWorker(new Map());
    const first = await worker.idempotent.execute(chargeCall(), { requestContext });
    const second = await worker.idempotent.execute(chargeCall('order-1', 'call-2'), { requestContext });
    expect(first.outcome).toBe('success');
    expect(first.idempotency?.outcome).toBe('fresh');
    expect(second.idempotency?.outcome).toBe('deduped');
    expect(second.result).toEqual(first.result);
    expect(second.callId).toBe('call-2');
    expect(second.idempotency?.attemptId).toBe(first.idempotency?.attemptId);
    expect(worker.effects).toHaveLength(1);
  });

  test('keys include tenant, full tool revision, tool name and the key', async () => {
    const worker = createWorker(new Map());
    const result = await worker.idempotent.execute(chargeCall(), { requestContext, idempotencyKey: 'wf-1' });
    const revision = getToolRevision(worker.tool);
    expect(result.idempotency?.toolRevision).toBe(revision);
    expect(result.idempotency?.key).toContain(TENANT);
    expect(result.idempotency?.key).toContain(revision);
    expect(result.idempotency?.key).toContain('charge-card');
    expect(result.idempotency?.key.endsWith('|wf-1')).toBe(true);
  });

  test('a caller key wins over the tool key; different keys run separately', async () => {
    const worker = createWorker(new Map());
    await worker.idempotent.execute(chargeCall(), { requestContext, idempotencyKey: 'k1' });
    const other = await worker.idempotent.execute(chargeCall(), { requestContext, idempotencyKey: 'k2' });
    const again = await worker.idempotent.execute(chargeCall(), { requestContext, idempotencyKey: 'k1' });
    expect(other.idempotency?.outcome).toBe('fresh');
    expect(again.idempotency?.outcome).toBe('deduped');
    expect(worker.effects).toHaveLength(2);
  });

  test('a cross-tenant call is refused before any state is read; the other tenant runs fresh', async () => {
    const reads: string[] = [];
    const store = new Map();
    const spy = {
      get: (key: string) => {
        reads.push(key);
        return store.get(key);
      },
      set: (key: string, value: never) => store.set(key, value),
      delete: (key: string) => store.delete(key),
    };
    const worker = createWorker(spy);
    await worker.idempotent.execute(chargeCall(), { requestContext });
    reads.length = 0;
    const otherTenant = { authority: { tenantId: 'tenant-b' } };
    const refused = await worker.idempotent.execute(chargeCall(), { requestContext: otherTenant });
    expect(refused.outcome).toBe('denied');
    expect(refused.error?.code).toBe('IDEMPOTENCY_AUTHORITY_MISMATCH');
    expect(refused.idempotency).toBeUndefined();
    const anonymous = await worker.idempotent.execute(chargeCall());
    expect(anonymous.error?.code).toBe('IDEMPOTENCY_AUTHORITY_MISMATCH');
    expect(reads).toEqual([]);
    expect(worker.effects).toHaveLength(1);

    const tenantB = withToolboxIdempotency(worker.toolbox, { cache: worker.cache, tenantId: 'tenant-b' });
    const own = await tenantB.execute(chargeCall(), { requestContext: otherTenant });
    expect(own.idempotency?.outcome).toBe('fresh');
    expect(worker.effects).toHaveLength(2);
  });

  test('a result recorded under another policy revision answers authorization-required', async () => {
    const store = new Map();
    const before = createWorker(store, { policyRevision: 'policy-1' });
    await before.idempotent.execute(chargeCall(), { requestContext });
    const after = createWorker(store, { policyRevision: 'policy-2' });
    const result = await after.idempotent.execute(chargeCall(), { requestContext });
    expect(result.idempotency?.outcome).toBe('authorization-required');
    expect(result.error?.code).toBe('IDEMPOTENCY_AUTHORIZATION_REQUIRED');
    expect(result.result).toBeUndefined();
    expect(before.effects.length + after.effects.length).toBe(1);
    const same = createWorker(store, { policyRevision: 'policy-1' });
    expect((await same.idempotent.execute(chargeCall(), { requestContext })).idempotency?.outcome).toBe(
      'deduped',
    );
  });

  test('beforeExecute runs again on a hit, and a deny withholds the recorded result', async () => {
    let allow = true;
    let runs = 0;
    const policy = {
      beforeExecute: () => {
        runs++;
        return allow;
      },
    };
    const worker = createWorker(new Map(), { policy, policyRevision: 'p1' });
    await worker.idempotent.execute(chargeCall(), { requestContext });
    const hit = await worker.idempotent.execute(chargeCall(), { requestContext });
    expect(hit.idempotency?.outcome).toBe('deduped');
    expect(runs).toBe(2);
    allow = false;
    const denied = await worker.idempotent.execute(chargeCall(), { requestContext });
    expect(denied.outcome).toBe('denied');
    expect(denied.result).toBeUndefined();
    expect(runs).toBe(3);
    expect(worker.effects).toHaveLength(1);
  });

  test('tools without a key are not deduped unless requireExplicitKey is false (fullInputKey)', async () => {
    let runs = 0;
    const ping = createTool({
      name: 'ping',
      description: 'Ping',
      input: z.object({ host: z.string(), count: z.number().default(1) }),
      execute: () => ++runs,
    });
    const cache = createToolResultCache({ store: new Map() });
    const plain = withToolboxIdempotency(createToolbox([ping]), { cache, tenantId: TENANT });
    const once = await plain.execute({ name: 'ping', arguments: { host: 'a' } }, { requestContext });
    await plain.execute({ name: 'ping', arguments: { host: 'a' } }, { requestContext });
    expect(once.idempotency).toBeUndefined();
    expect(runs).toBe(2);
    const full = withToolboxIdempotency(createToolbox([ping]), {
      cache,
      tenantId: TENANT,
      requireExplicitKey: false,
    });
    await full.execute({ name: 'ping', arguments: '{"count":1,"host":"b"}' }, { requestContext });
    const equivalent = await full.execute({ name: 'ping', arguments: { host: 'b' } }, { requestContext });
    expect(equivalent.idempotency?.outcome).toBe('deduped');
    expect(runs).toBe(3);
  });

  test('a failing implementation frees the key so a retry runs; validation failures never touch the cache', async () => {
    let fail = true;
    let runs = 0;
    const flaky = createTool({
      name: 'flaky',
      description: 'Fails once',
      input: z.object({ id: z.string() }),
      idempotencyKey: (params) => params.id,
      execute: () => {
        runs++;
        if (fail) throw new Error('provider down');
        return 'ok';
      },
    });
    const store = new Map();
    const toolbox = withToolboxIdempotency(createToolbox([flaky]), {
      cache: createToolResultCache({ store }),
      tenantId: TENANT,
    });
    const failed = await toolbox.execute({ name: 'flaky', arguments: { id: 'x' } }, { requestContext });
    expect(failed.error?.code).toBe('EXECUTION_FAILED');
    expect(failed.idempotency?.outcome).toBe('fresh');
    expect(store.size).toBe(0);
    fail = false;
    const retried = await toolbox.execute({ name: 'flaky', arguments: { id: 'x' } }, { requestContext });
    expect(retried.idempotency?.outcome).toBe('fresh');
    expect(retried.result).toBe('ok');
    const invalid = await toolbox.execute({ name: 'flaky', arguments: { id: 3 } }, { requestContext });
    expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
    expect(invalid.idempotency).toBeUndefined();
    expect(runs).toBe(2);
  });

  test('bad keys and bad options are refused with structured errors', async () => {
    const worker = createWorker(new Map());
    const empty = await worker.idempotent.execute(chargeCall(), { requestContext, idempotencyKey: '' });
    expect(empty.error?.code).toBe('INVALID_TOOL_CALL');
    const wrongType = await worker.idempotent.execute(chargeCall(), {
      requestContext,
      idempotencyKey: 42 as unknown as string,
    });
    expect(wrongType.error?.code).toBe('INVALID_TOOL_CALL');
    expect(worker.effects).toHaveLength(0);
    const cache = worker.cache;
    expect(() => withToolboxIdempotency(worker.toolbox, { cache, tenantId: '' })).toThrow(TypeError);
    expect(() => withToolboxIdempotency(worker.toolbox, { cache: {} as never, tenantId: TENANT })).toThrow(
      TypeError,
    );
    expect(() => withToolboxIdempotency(worker.toolbox, { cache, tenantId: TENANT, leaseMs: 0 })).toThrow(
      RangeError,
    );
    expect(() => withToolboxIdempotency({} as never, { cache, tenantId: TENANT })).toThrow(TypeError);
  });

  test('a key function that throws or returns a non-string ends the call without running the tool', async () => {
    let runs = 0;
    const broken = createTool({
      name: 'broken',
      description: 'Broken key',
      input: z.object({ id: z.string() }),
      idempotencyKey: (params) =>
        params.id === 'throw' ? JSON.parse('{') : (undefined as unknown as string),
      execute: () => ++runs,
    });
    const toolbox = withToolboxIdempotency(createToolbox([broken]), {
      cache: createToolResultCache({ store: new Map() }),
      tenantId: TENANT,
    });
    for (const id of ['throw', 'undefined']) {
      const result = await toolbox.execute({ name: 'broken', arguments: { id } }, { requestContext });
      expect(result.error?.code).toBe('INVALID_TOOL_CALL');
    }
    expect(runs).toBe(0);
  });

  test('batches dedupe per call and refuse per-call options', async () => {
    const worker = createWorker(new Map());
    const results = await worker.idempotent.execute(
      [chargeCall('order-1', 'a'), chargeCall('order-2', 'b'), chargeCall('order-1', 'c')],
      { requestContext, mode: 'sequential' },
    );
    expect(results.map((result) => result.idempotency?.outcome)).toEqual(['fresh', 'fresh', 'deduped']);
    expect(worker.effects).toHaveLength(2);
    expect(() =>
      worker.idempotent.execute([chargeCall()], { requestContext, idempotencyKey: 'x' } as never),
    ).toThrow(TypeError);
    const refused = await worker.idempotent.execute([chargeCall()], {});
    expect(refused[0]?.error?.code).toBe('IDEMPOTENCY_AUTHORITY_MISMATCH');
  });

  test('everything else is the wrapped toolbox: listeners, lifetime, tools', async () => {
    const worker = createWorker(new Map());
    const seen: string[] = [];
    worker.idempotent.addEventListener('execute-success', (event) => seen.push(event.detail.toString()));
    await worker.idempotent.execute(chargeCall(), { requestContext });
    expect(seen).toHaveLength(1);
    expect(worker.idempotent.names()).toEqual(['charge-card']);
    expect(worker.idempotent.size).toBe(1);
    expect(worker.idempotent.toolbox).toBe(worker.toolbox);
    expect(worker.idempotent.activeExecutions).toBe(0);
    await worker.idempotent.complete();
    expect(worker.toolbox.completed).toBe(true);
  });
});
