import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { makeAddTool } from '../__fixtures__/tools';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';
import { normalizeDecision } from './evaluate';
import type { PolicyContext } from './types';

const writeFile = () =>
  createTool({
    name: 'fs.write',
    description: 'Write a file',
    input: z.object({ path: z.string(), content: z.string() }),
    metadata: { mutates: true },
    async execute() {
      return { ok: true };
    },
  });
const dangerous = () =>
  createTool({
    name: 'rm-rf',
    description: 'x',
    metadata: { dangerous: true },
    async execute() {
      return 'gone';
    },
  });

describe('decision normalization', () => {
  test('allow is derived from status when omitted', () => {
    expect(normalizeDecision('t', { status: 'allow' }, 's')).toBeUndefined();
    expect(normalizeDecision('t', { status: 'deny' }, 's')?.status).toBe('deny');
    expect(normalizeDecision('t', { status: 'needs_approval' }, 's')?.status).toBe('needs_approval');
    expect(normalizeDecision('t', { status: 'needs_input' }, 's')?.status).toBe('needs_input');
    expect(normalizeDecision('t', { allow: true }, 's')).toBeUndefined();
    expect(normalizeDecision('t', { allow: false, reason: 'no' }, 's')?.reason).toBe('no');
    expect(normalizeDecision('t', undefined, 's')).toBeUndefined();
    expect(normalizeDecision('t', true, 's')).toBeUndefined();
    expect(normalizeDecision('t', false, 's')?.status).toBe('deny');
  });

  test('contradictory or unknown decisions fail closed', () => {
    expect(normalizeDecision('t', { status: 'deny', allow: true }, 's')?.error.code).toBe('POLICY_ERROR');
    expect(normalizeDecision('t', { status: 'allow', allow: false }, 's')?.error.code).toBe('POLICY_ERROR');
    expect(normalizeDecision('t', { status: 'maybe' as never }, 's')?.error.code).toBe('POLICY_ERROR');
    expect(normalizeDecision('t', 'yes' as never, 's')?.error.code).toBe('POLICY_ERROR');
    expect(normalizeDecision('t', { allow: 'yes' as never }, 's')?.error.code).toBe('POLICY_ERROR');
  });
});

describe('registry enforcement from metadata', () => {
  test('readOnly denies mutating tools without calling them', async () => {
    const toolbox = createToolbox([writeFile(), makeAddTool()], { readOnly: true });
    const denied = await toolbox.execute({ name: 'fs.write', arguments: { path: 'a', content: 'b' } });
    expect(denied.outcome).toBe('denied');
    expect(denied.error).toMatchObject({ category: 'policy', code: 'MUTATION_DENIED' });
    expect((await toolbox.execute({ name: 'add-numbers', arguments: { a: 1, b: 1 } })).outcome).toBe(
      'success',
    );
  });

  test('allowMutation: false and allowDangerous: false', async () => {
    const noMutation = createToolbox([writeFile()], { allowMutation: false });
    expect(
      (await noMutation.execute({ name: 'fs.write', arguments: { path: 'a', content: 'b' } })).error?.code,
    ).toBe('MUTATION_DENIED');
    const noDanger = createToolbox([dangerous()], { allowDangerous: false });
    expect((await noDanger.execute({ name: 'rm-rf', arguments: {} })).error?.code).toBe('DANGEROUS_DENIED');
    const permissive = createToolbox([writeFile(), dangerous()]);
    expect((await permissive.execute({ name: 'rm-rf', arguments: {} })).outcome).toBe('success');
  });

  test('the documented safety example: registry policy denies mutating tools', async () => {
    const toolbox = createToolbox([], {
      policy: {
        beforeExecute({ toolName, metadata }) {
          if (metadata?.mutates) return { allow: false, reason: `${toolName} is mutating` };
          return undefined;
        },
      },
      telemetry: true,
    });
    toolbox.register(writeFile());
    const events: string[] = [];
    toolbox.addEventListener('policy-denied', (event) => events.push(event.detail.reason));
    const result = await toolbox.execute({ name: 'fs.write', arguments: { path: 'a', content: 'b' } });
    expect(result.outcome).toBe('denied');
    expect(result.error?.code).toBe('POLICY_DENIED');
    expect(result.error?.message).toContain('fs.write is mutating');
    expect(events).toEqual(['fs.write is mutating']);
  });
});

describe('beforeExecute and afterExecute', () => {
  test('registry hooks run before tool hooks and see validated params and the request context', async () => {
    const order: string[] = [];
    let seen: PolicyContext | undefined;
    const tool = createTool({
      name: 'guarded',
      description: 'x',
      input: z.object({ n: z.coerce.number() }),
      policy: {
        beforeExecute(context) {
          order.push('tool');
          seen = context;
          return { status: 'allow' };
        },
      },
      async execute({ n }) {
        order.push('execute');
        return n;
      },
    });
    const toolbox = createToolbox([tool], {
      policyContext: { tenant: 't-1' },
      policy: { beforeExecute: () => void order.push('registry') },
    });
    const requestContext = { authority: { principalId: 'p1', capabilities: ['read'] }, runId: 'r1' };
    const result = await toolbox.execute({ name: 'guarded', arguments: { n: '5' } }, { requestContext });
    expect(result.result).toBe(5);
    expect(order).toEqual(['registry', 'tool', 'execute']);
    expect(seen?.params).toEqual({ n: 5 });
    expect(seen?.policyContext).toEqual({ tenant: 't-1' });
    expect(seen?.requestContext?.runId).toBe('r1');
    expect(Object.isFrozen(seen?.requestContext?.authority?.capabilities)).toBe(true);
  });

  test('a throwing policy fails closed', async () => {
    let executed = false;
    const tool = createTool({
      name: 't',
      description: 'x',
      policy: {
        beforeExecute() {
          throw new Error('policy service down');
        },
      },
      async execute() {
        executed = true;
        return 1;
      },
    });
    const result = await tool.execute({ name: 't', arguments: {} });
    expect(result.outcome).toBe('denied');
    expect(result.error?.code).toBe('POLICY_ERROR');
    expect(executed).toBe(false);
  });

  test('afterExecute can withhold a result', async () => {
    const tool = createTool({
      name: 'secret-reader',
      description: 'x',
      policy: {
        afterExecute: ({ result }) =>
          String(result).includes('SECRET') ? { status: 'deny', reason: 'leak' } : undefined,
      },
      async execute() {
        return 'SECRET=1';
      },
    });
    const result = await tool.execute({ name: 'secret-reader', arguments: {} });
    expect(result.outcome).toBe('denied');
    expect(result.result).toBeUndefined();
  });
});

describe('approval and input requests', () => {
  const sensitive = () =>
    createTool({
      name: 'transfer',
      description: 'Move money',
      input: z.object({ cents: z.number() }),
      metadata: { sensitive: true },
      async execute() {
        throw new Error('must not run');
      },
    });

  test('needs_approval ends the call as action_required with a serializable pendingApproval', async () => {
    const toolbox = createToolbox([sensitive()], {
      policy: {
        async beforeExecute(context) {
          if (context.metadata?.['sensitive'])
            return { status: 'needs_approval', reason: 'Sensitive action requires confirmation' };
          return { allow: true };
        },
      },
    });
    const result = await toolbox.execute({ id: 'tc-1', name: 'transfer', arguments: { cents: 2500 } });
    expect(result.outcome).toBe('action_required');
    expect(result.error?.code).toBe('APPROVAL_REQUIRED');
    const pending = result.pendingApproval;
    expect(pending).toMatchObject({
      version: 1,
      kind: 'approval',
      status: 'needs_approval',
      callId: 'tc-1',
      toolName: 'transfer',
      reason: 'Sensitive action requires confirmation',
      proposedCall: { id: 'tc-1', name: 'transfer', arguments: { cents: 2500 } },
    });
    expect(JSON.parse(JSON.stringify(pending))).toEqual(pending as never);
    expect(pending?.binding).toBeUndefined();
  });

  test('needs_input carries the requested input; policy-action-required fires on the tool only', async () => {
    const tool = sensitive();
    const toolEvents: string[] = [];
    const boxEvents: string[] = [];
    const identities: [string, string | undefined][] = [];
    tool.addEventListener('policy-action-required', (event) => {
      toolEvents.push(event.detail.pendingApproval.status);
      identities.push([event.executionId, event.ownerId]);
    });
    const toolbox = createToolbox([tool], {
      policy: {
        beforeExecute: () => ({
          status: 'needs_input',
          input: { type: 'object', properties: { memo: { type: 'string' } } },
        }),
      },
    });
    toolbox.addEventListener('policy-action-required' as never, (() => boxEvents.push('bubbled')) as never);
    const result = await toolbox.execute({ name: 'transfer', arguments: { cents: 1 } }, { ownerId: 'run-7' });
    expect(result.outcome).toBe('action_required');
    expect(identities).toEqual([[result.executionId as string, 'run-7']]);
    expect(result.pendingApproval?.kind).toBe('input');
    expect(result.pendingApproval?.requestedInput).toEqual({
      type: 'object',
      properties: { memo: { type: 'string' } },
    });
    expect(toolEvents).toEqual(['needs_input']);
    expect(boxEvents).toEqual([]);
  });
});
