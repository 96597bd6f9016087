import { describe, expect, test } from 'bun:test';
import { inspect } from 'node:util';
import { z } from 'zod';
import { makeApprovalToolbox, pausePayment, requestContext, SECRET } from '../__fixtures__/approval';
import { freezeRequestContext } from '../policy/request-context';
import { createTool } from '../tool/public';
import { combineToolboxes } from '../toolbox/combine';
import { createToolbox } from '../toolbox/public';

const echo = (runs: { count: number }, metadata?: { mutates?: boolean }) =>
  createTool({
    name: 'echo',
    description: 'Echo',
    input: z.object({ text: z.string() }),
    ...(metadata === undefined ? {} : { metadata }),
    execute: ({ text }) => {
      runs.count++;
      return text;
    },
  });

describe('the approval policy', () => {
  test("mode 'always' pauses every call with a signed binding; 'risky' only mutating ones", async () => {
    const runs = { count: 0 };
    const always = createToolbox([echo(runs)], {
      approvalSecret: SECRET,
      approvalPolicy: { mode: 'always' },
    });
    const paused = await always.execute({ name: 'echo', arguments: { text: 'x' } }, { requestContext });
    expect(paused).toMatchObject({ outcome: 'action_required', error: { code: 'APPROVAL_REQUIRED' } });
    expect(paused.pendingApproval?.binding?.signature).toMatch(/^[0-9a-f]{64}$/);
    const resumed = await always.resumeApproval(JSON.parse(JSON.stringify(paused.pendingApproval)), {
      requestContext,
    });
    expect(resumed.outcome).toBe('success');
    const risky = createToolbox([echo(runs)], { approvalSecret: SECRET, approvalPolicy: { mode: 'risky' } });
    expect((await risky.execute({ name: 'echo', arguments: { text: 'y' } })).outcome).toBe('success');
    const riskyMutating = createToolbox([echo(runs, { mutates: true })], {
      approvalSecret: SECRET,
      approvalPolicy: { mode: 'risky' },
    });
    const asked = await riskyMutating.execute({ name: 'echo', arguments: { text: 'z' } }, { requestContext });
    expect(asked.outcome).toBe('action_required');
    expect(asked.pendingApproval?.binding?.signature).toMatch(/^[0-9a-f]{64}$/);
    // A policy that asks cannot be built without its secret (it could only pause unsigned, unresumable).
    expect(() => createToolbox([echo(runs)], { approvalPolicy: { mode: 'risky' } })).toThrow(
      /approvalSecret/,
    );
    expect(runs.count).toBe(2);
  });

  test('the capability axis denies without asking; narrowing by policy counts', async () => {
    const runs = { count: 0 };
    const approvalPolicy = { mode: 'always' as const, requiredCapabilities: { echo: ['echo:use'] } };
    const toolbox = createToolbox([echo(runs)], { approvalSecret: SECRET, approvalPolicy });
    const denied = await toolbox.execute({ name: 'echo', arguments: { text: 'x' } }, { requestContext });
    expect(denied).toMatchObject({ outcome: 'denied', error: { code: 'POLICY_DENIED' } });
    expect(denied.pendingApproval).toBeUndefined();
    const narrowed = createToolbox([echo(runs)], {
      approvalPolicy: { requiredCapabilities: { echo: ['echo:use'] } },
      policy: { beforeExecute: () => ({ allow: true, capabilities: [] }) },
    });
    const held = { authority: { capabilities: ['echo:use'] } };
    expect(
      (await narrowed.execute({ name: 'echo', arguments: { text: 'x' } }, { requestContext: held })).outcome,
    ).toBe('denied');
    const plain = createToolbox([echo(runs)], {
      approvalPolicy: { requiredCapabilities: { echo: ['echo:use'] } },
    });
    expect(
      (await plain.execute({ name: 'echo', arguments: { text: 'x' } }, { requestContext: held })).outcome,
    ).toBe('success');
    expect((await plain.execute({ name: 'echo', arguments: { text: 'x' } })).outcome).toBe('denied');
    expect(runs.count).toBe(1);
  });

  test('a malformed approval policy is refused when the toolbox is built', () => {
    expect(() =>
      createToolbox([echo({ count: 0 })], { approvalPolicy: { mode: 'sometimes' as never } }),
    ).toThrow(/approvalPolicy/);
    expect(() => createToolbox([], { approvalPolicy: 'always' as never })).toThrow(/approvalPolicy/);
    expect(() => createToolbox([], { approvalSecret: SECRET, approvalNow: 5 as never })).toThrow(
      /approvalNow/,
    );
  });

  test('combineToolboxes keeps gating grafted tools with the first toolbox policy', async () => {
    const runs = { count: 0 };
    const gated = createToolbox([], { approvalSecret: SECRET, approvalPolicy: { mode: 'always' } });
    const combined = combineToolboxes(gated, createToolbox([echo(runs)]));
    const result = await combined.execute({ name: 'echo', arguments: { text: 'x' } }, { requestContext });
    expect(result.outcome).toBe('action_required');
    expect(runs.count).toBe(0);
  });
});

describe('afterExecute cannot ask for approval', () => {
  test('needs_approval after the side effect withholds the result and leaves nothing to resume', async () => {
    const runs = { count: 0 };
    const toolbox = createToolbox([echo(runs)], {
      approvalSecret: SECRET,
      policy: { afterExecute: () => ({ status: 'needs_approval', reason: 'looks odd' }) },
    });
    const result = await toolbox.execute(
      { name: 'echo', arguments: { text: 'secret output' } },
      { requestContext },
    );
    expect(result).toMatchObject({ outcome: 'denied', error: { code: 'POLICY_ERROR' } });
    expect(result.error?.message).toContain('afterExecute');
    expect(result.result).toBeUndefined();
    expect(result.pendingApproval).toBeUndefined();
    expect(runs.count).toBe(1);
    const input = createToolbox([echo(runs)], {
      policy: { afterExecute: () => ({ status: 'needs_input' }) },
    });
    expect((await input.execute({ name: 'echo', arguments: { text: 'x' } })).error?.code).toBe(
      'POLICY_ERROR',
    );
  });
});

describe('request contexts', () => {
  test("freezing copies: the caller's object is never frozen or changed", async () => {
    const mine = { authority: { principalId: 'u1', capabilities: ['read'] }, extra: { nested: [1] } };
    const frozen = freezeRequestContext(mine);
    expect(Object.isFrozen(frozen)).toBe(true);
    expect(Object.isFrozen(frozen.authority?.capabilities)).toBe(true);
    expect(Object.isFrozen(mine)).toBe(false);
    expect(Object.isFrozen(mine.authority.capabilities)).toBe(false);
    expect(freezeRequestContext(frozen)).toBe(frozen);
    // Only contexts freezeRequestContext made skip the copy: a frozen look-alike with a mutable array
    // inside is copied, so nothing reachable from the result can change.
    const lookAlike = Object.freeze({ ...frozen, authority: { principalId: 'u1', capabilities: ['read'] } });
    const fromLookAlike = freezeRequestContext(lookAlike);
    expect(fromLookAlike).not.toBe(lookAlike);
    expect(Object.isFrozen(fromLookAlike.authority?.capabilities)).toBe(true);
    expect(freezeRequestContext(fromLookAlike)).toBe(fromLookAlike);
    const parsed = JSON.parse('{"__proto__":{"polluted":true},"agentId":"a"}');
    const copy = freezeRequestContext(parsed) as Record<string, unknown>;
    expect(copy.polluted).toBeUndefined();
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    const toolbox = createToolbox([echo({ count: 0 })]);
    await toolbox.execute({ name: 'echo', arguments: { text: 'x' } }, { requestContext: mine });
    expect(Object.isFrozen(mine.authority)).toBe(false);
    mine.authority.capabilities.push('write');
    expect(mine.authority.capabilities).toEqual(['read', 'write']);
  });
});

describe('the approval secret is never readable', () => {
  test('not through properties, JSON, String, inspection, snapshots, descriptors, grants or composition', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    const combined = combineToolboxes(toolbox, createToolbox([]));
    const descriptor = await pausePayment(toolbox);
    const grant = await toolbox.issueGrant({
      principalId: 'user-1',
      toolName: 'send-payment',
      scope: 'principal',
      expiresAt: Date.now() + 60_000,
      maxUses: 1,
    });
    const live = toolbox.execute(
      { id: 'call-live', name: 'send-payment', arguments: { payee: 'x', cents: 1 } },
      { requestContext },
    );
    const snapshots = [...toolbox.executions.inspect(), ...toolbox.executions.inspectPrivileged()];
    await live;
    const surfaces: unknown[] = [
      toolbox,
      combined,
      toolbox.toJSON(),
      descriptor,
      grant,
      snapshots,
      toolbox.extend(),
    ];
    for (const surface of surfaces) {
      for (const view of [
        JSON.stringify(surface, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
        String(surface),
        inspect(surface, { showHidden: true, depth: 20, getters: true }),
        Bun.inspect(surface, { depth: 20 } as never),
      ]) {
        expect(view ?? '').not.toContain(SECRET);
      }
    }
    const keys = new Set<string | symbol>();
    for (let object: object | null = toolbox; object !== null; object = Object.getPrototypeOf(object)) {
      for (const key of Reflect.ownKeys(object)) keys.add(key);
    }
    for (const key of keys) {
      if (key === 'constructor') continue;
      let value: unknown;
      try {
        value = (toolbox as unknown as Record<string | symbol, unknown>)[key];
      } catch {
        continue;
      }
      if (typeof value !== 'function')
        expect(inspect(value, { depth: 10, showHidden: true })).not.toContain(SECRET);
    }
  });
});
