import { describe, expect, test } from 'bun:test';
import { createProcessLocalApprovalStateStore, parseApprovalBinding } from '@armorer/approval';
import { z } from 'zod';
import { makeApprovalToolbox, pausePayment, requestContext, SECRET } from '../__fixtures__/approval';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

/**
 * Red-team: descriptors that answer differently on each read, descriptors of tools that are gone, and a
 * walk of everything reachable from a toolbox, its results, events and refusals looking for the secret.
 */

/** A Proxy over a value (and every object inside it) that counts reads per path and lies after the first. */
function lyingProxy<T extends object>(target: T, reads: Map<string, number>, lie: unknown, path = ''): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const here = `${path}.${String(key)}`;
      const count = (reads.get(here) ?? 0) + 1;
      reads.set(here, count);
      const value = Reflect.get(object, key, receiver);
      if (count > 1 && typeof value === 'string' && here.endsWith('.payee')) return lie;
      return typeof value === 'object' && value !== null ? lyingProxy(value, reads, lie, here) : value;
    },
  });
}

/** Every value reachable from the roots through own properties (symbols, getters, Map and Set entries). */
function reachable(roots: readonly unknown[], limit = 50_000): unknown[] {
  const seen = new Set<unknown>();
  const queue = [...roots];
  while (queue.length > 0 && seen.size < limit) {
    const value = queue.shift();
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) {
      if (typeof value === 'string') seen.add(value);
      continue;
    }
    seen.add(value);
    if (value instanceof Map) for (const [key, item] of value) queue.push(key, item);
    if (value instanceof Set) for (const item of value) queue.push(item);
    for (let object: object | null = value; object !== null; object = Object.getPrototypeOf(object)) {
      if (object === Object.prototype || object === Function.prototype) break;
      for (const key of Reflect.ownKeys(object)) {
        if (key === 'caller' || key === 'arguments') continue;
        try {
          queue.push(Reflect.get(object, key, value));
        } catch {
          // A getter that refuses a foreign receiver.
        }
      }
    }
  }
  return [...seen];
}

describe('descriptors under attack', () => {
  test('a Proxy descriptor that lies on a second read: the signed arguments run, or nothing does', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    const descriptor = await pausePayment(toolbox);
    const reads = new Map<string, number>();
    const resumed = await toolbox.resumeApproval(lyingProxy(descriptor, reads, 'mallory'), {
      requestContext,
    });
    if (resumed.outcome === 'success') {
      expect(resumed.result).toEqual({ paid: 'ada', cents: 500 });
      expect(resumed.executedArgumentsEdited).toBe(false);
    } else expect(runs.count).toBe(0);
  });

  test('a descriptor of a tool that is not registered is refused, and stays resumable where it is', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const origin = makeApprovalToolbox(runs, { approvalStateStore });
    const descriptor = await pausePayment(origin);
    const empty = createToolbox([], { approvalSecret: SECRET, approvalStateStore });
    const refused = await empty.resumeApproval(descriptor, { requestContext });
    expect(refused).toMatchObject({ outcome: 'denied', error: { details: { reason: 'tool-mismatch' } } });
    expect(await approvalStateStore.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
    expect((await origin.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
  });

  test('a descriptor whose call id is the id of a live call: each runs once with its own arguments', async () => {
    const ran: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tool = createTool({
      name: 'pay',
      description: 'Pays someone',
      input: z.object({ to: z.string() }),
      async execute({ to }) {
        ran.push(to);
        if (to === 'live') await gate;
        return to;
      },
    });
    const toolbox = createToolbox([tool], {
      approvalSecret: SECRET,
      policy: {
        beforeExecute: (context) =>
          context.approval?.approved || context.params.to === 'live'
            ? { allow: true }
            : { status: 'needs_approval' },
      },
    });
    const call = (to: string) => ({ id: 'same', name: 'pay', arguments: { to } });
    const paused = await toolbox.execute(call('approved'), { requestContext });
    const descriptor = JSON.parse(JSON.stringify(paused.pendingApproval));
    const live = toolbox.execute(call('live'), { requestContext });
    await new Promise((resolve) => setTimeout(resolve, 2));
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    release();
    expect(resumed).toMatchObject({ outcome: 'success', result: 'approved', callId: 'same' });
    expect(await live).toMatchObject({ outcome: 'success', result: 'live' });
    expect(ran.sort()).toEqual(['approved', 'live']);
  });

  test('nothing reachable from a toolbox, its results, events, refusals or grants holds the secret', async () => {
    const runs = { count: 0 };
    const secretBytes = new TextEncoder().encode(SECRET);
    const toolbox = makeApprovalToolbox(runs);
    const events: unknown[] = [];
    for (const type of ['error', 'settled', 'grant.used', 'execute-start'] as const) {
      toolbox.on(type, (event) => events.push(event));
    }
    const descriptor = await pausePayment(toolbox);
    const refusals = [
      await toolbox.resumeApproval(
        { ...descriptor, binding: { ...descriptor.binding, signature: '0'.repeat(64) } },
        {
          requestContext,
        },
      ),
      await toolbox.resumeApproval(descriptor, { requestContext: { ...requestContext, runId: 'other' } }),
      await createToolbox([], { approvalSecret: 'another-secret, at least 32 bytes long' }).resumeApproval(
        descriptor,
        {
          requestContext,
        },
      ),
    ];
    const thrown = await toolbox.issueGrant({ scope: 'run' } as never).catch((error: unknown) => error);
    const grant = await toolbox.issueGrant({
      principalId: 'user-1',
      toolName: 'send-payment',
      scope: 'principal',
      expiresAt: Date.now() + 60_000,
      maxUses: 1,
    });
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    const values = reachable([
      toolbox,
      descriptor,
      refusals,
      thrown,
      grant,
      resumed,
      events,
      structuredClone(grant),
    ]);
    for (const value of values) {
      if (typeof value === 'string') expect(value.includes(SECRET)).toBe(false);
      if (value instanceof Uint8Array) {
        const text = Buffer.from(value).toString('latin1');
        expect(text.includes(Buffer.from(secretBytes).toString('latin1'))).toBe(false);
      }
    }
    expect(values.length).toBeGreaterThan(100);
    // The walk itself finds a secret planted deep inside a Map inside a getter.
    const planted = {
      get hidden() {
        return new Map([['k', [SECRET]]]);
      },
    };
    expect(reachable([planted])).toContain(SECRET);
  });
});
