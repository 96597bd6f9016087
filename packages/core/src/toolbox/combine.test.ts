import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { makeAddTool, makeGreetTool } from '../__fixtures__/tools';
import { createMiddleware } from '../middleware/create-middleware';
import { createTool } from '../tool/public';
import { combineToolbox, combineToolboxes, FORWARDED_TOOLBOX_OPTIONS } from './combine';
import { getToolboxInternals } from './internals';
import { createToolbox } from './public';

const auditTool = () =>
  createTool({
    name: 'audit',
    description: 'Reads the audit log',
    async execute(_params, context) {
      return context;
    },
  });

describe('extend', () => {
  test('returns a new toolbox; the base never changes', () => {
    const base = createToolbox([makeAddTool()], { context: { region: 'us-east-1' } });
    const extended = base.extend(makeGreetTool());
    expect(base.names()).toEqual(['add-numbers']);
    expect(extended.names()).toEqual(['add-numbers', 'greet-user']);
  });

  test('extending with a toolbox merges contexts shallowly, last wins', async () => {
    const base = createToolbox([makeAddTool()], { context: { region: 'us-east-1', role: 'user' } });
    const admin = createToolbox([auditTool()], { context: { role: 'admin' } });
    const merged = base.extend(admin);
    expect(merged.context).toEqual({ region: 'us-east-1', role: 'admin' });
    const seen = (await merged.execute({ name: 'audit', arguments: {} })).result as unknown as Record<
      string,
      unknown
    >;
    expect(seen['region']).toBe('us-east-1');
    expect(seen['role']).toBe('admin');
    expect(base.context).toEqual({ region: 'us-east-1', role: 'user' });
  });

  test('duplicate names are refused', () => {
    const base = createToolbox([makeAddTool()]);
    expect(() => base.extend(makeAddTool())).toThrow(/already registered/);
  });

  test('middleware of the base applies to added tools, not again to the base tools', () => {
    let transforms = 0;
    const counting = createMiddleware((configuration) => {
      transforms++;
      return { description: `${configuration.description}!` };
    });
    const base = createToolbox([makeAddTool()], { middleware: [counting] });
    const extended = base.extend(makeGreetTool());
    expect(transforms).toBe(2);
    expect(extended.getTool('add-numbers')?.description).toBe('Add two numbers together!');
    expect(extended.getTool('greet-user')?.description).toBe('Greet a user by name!');
  });
});

describe('combineToolboxes', () => {
  test('combines tools and contexts (last wins); inputs are unchanged', () => {
    const base = createToolbox([makeAddTool()], { context: { region: 'us-east-1' } });
    const admin = createToolbox([auditTool()], { context: { role: 'admin' } });
    const combined = combineToolboxes(base, admin);
    expect(combined.names()).toEqual(['add-numbers', 'audit']);
    expect(combined.context).toEqual({ region: 'us-east-1', role: 'admin' });
    expect(base.names()).toEqual(['add-numbers']);
  });

  test('forwards exactly the documented allowlist from the first toolbox', () => {
    const signal = new AbortController().signal;
    const middleware = [createMiddleware(() => undefined)];
    const all: Record<string, unknown> = {
      policy: { beforeExecute: () => undefined },
      policyContext: { tenant: 't1' },
      approvalPolicy: { mode: 'always' },
      approvalSecret: 'secret-value-of-thirty-two-bytes!',
      approvalMaxArgumentsBytes: 4096,
      approvalStateStore: { kind: 'store' },
      grantStateStore: { kind: 'grants' },
      approvalBindingTtlMs: 1000,
      approvalNow: () => 1,
      approvalNonce: () => 'n',
      policyRevision: 'p1',
      approvalRevision: 'a1',
      toolboxRevision: 't1',
      readOnly: true,
      allowMutation: false,
      allowDangerous: false,
      middleware,
      signal,
      telemetry: true,
    };
    const first = createToolbox([makeAddTool()], all as never);
    const second = createToolbox([makeGreetTool()], { readOnly: false, policyRevision: 'other' });
    const combined = combineToolboxes(first, second);
    const forwarded = getToolboxInternals(combined)?.options as Record<string, unknown>;
    for (const key of FORWARDED_TOOLBOX_OPTIONS) expect(forwarded[key]).toBe(all[key]);
    expect(forwarded['middleware']).toBeUndefined();
    expect(forwarded['signal']).toBeUndefined();
    expect(forwarded['telemetry']).toBeUndefined();
    expect(FORWARDED_TOOLBOX_OPTIONS).toHaveLength(17);
  });

  test('approvalSecret is never readable from a toolbox', () => {
    const toolbox = createToolbox([makeAddTool()], { approvalSecret: 'top-secret-that-is-32-bytes-long!' });
    const combined = combineToolboxes(toolbox);
    for (const box of [toolbox, combined, toolbox.extend(makeGreetTool())]) {
      expect(JSON.stringify(box)).not.toContain('top-secret-that-is-32-bytes-long!');
      expect((box as unknown as Record<string, unknown>)['approvalSecret']).toBeUndefined();
      const reachable = [
        ...Object.getOwnPropertyNames(box),
        ...Object.getOwnPropertyNames(Object.getPrototypeOf(box)),
      ];
      expect(reachable).not.toContain('approvalSecret');
      expect(reachable.some((key) => /option/i.test(key))).toBe(false);
    }
  });

  test('the first toolbox policy keeps gating grafted tools', async () => {
    const gated = createToolbox([makeAddTool()], {
      policy: {
        beforeExecute: ({ toolName }) =>
          toolName === 'greet-user' ? { status: 'needs_approval', reason: 'ask' } : undefined,
      },
    });
    const combined = combineToolboxes(gated, createToolbox([makeGreetTool()]));
    const result = await combined.execute({ name: 'greet-user', arguments: { name: 'x' } });
    expect(result.outcome).toBe('action_required');
  });

  test('the deprecated alias is the same function', () => {
    expect(combineToolbox).toBe(combineToolboxes);
    expect(combineToolboxes().size).toBe(0);
    expect(() => combineToolboxes({} as never)).toThrow(/createToolbox/);
  });

  test('a combined toolbox does not re-apply middleware', async () => {
    let wraps = 0;
    const wrap = createMiddleware((configuration) => {
      wraps++;
      return {
        execute: async (params, context) =>
          `wrapped(${String(await configuration.execute(params, context))})`,
      };
    });
    const tool = createTool({
      name: 'echo',
      description: 'x',
      input: z.object({ v: z.string() }),
      async execute({ v }) {
        return v;
      },
    });
    const first = createToolbox([tool], { middleware: [wrap] });
    const combined = combineToolboxes(first, createToolbox([]));
    expect((await combined.execute({ name: 'echo', arguments: { v: 'a' } })).result).toBe('wrapped(a)');
    expect(wraps).toBe(1);
  });
});
