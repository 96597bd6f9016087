import { describe, expect, test } from 'bun:test';
import {
  type ApprovalStateStore,
  createProcessLocalApprovalStateStore,
  parseApprovalBinding,
} from '@armorer/approval';
import { z } from 'zod';
import { requestContext, SECRET } from '../__fixtures__/approval';
import type { ToolResult } from '../execution/types';
import type { PendingApproval } from '../policy/types';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

type Execute = (params: { payee: string; cents: number }) => unknown;

/** A payment tool paused by `approvalPolicy: 'always'`, whose implementation the test chooses. */
function toolboxWith(
  execute: Execute,
  approvalStateStore: ApprovalStateStore = createProcessLocalApprovalStateStore(),
) {
  const tool = createTool({
    name: 'send-payment',
    description: 'Send money to a payee',
    input: z.object({ payee: z.string().min(1), cents: z.number().int().positive() }),
    metadata: { mutates: true },
    execute: execute as never,
  });
  const toolbox = createToolbox([tool], {
    approvalSecret: SECRET,
    approvalStateStore,
    approvalPolicy: { mode: 'always' },
  });
  const settled: ToolResult[] = [];
  toolbox.on('settled', (event) => settled.push(event.detail.result));
  return { toolbox, settled, store: approvalStateStore };
}

/** Pauses a payment and returns its descriptor as it comes back from storage. */
async function pausePayment(toolbox: ReturnType<typeof toolboxWith>['toolbox']): Promise<PendingApproval> {
  const call = { id: 'call-1', name: 'send-payment', arguments: { payee: 'ada', cents: 500 } };
  const result = await toolbox.execute(call, { requestContext });
  if (result.pendingApproval?.binding === undefined)
    throw new Error(`expected a signed pause, got ${result.outcome}`);
  return JSON.parse(JSON.stringify(result.pendingApproval));
}

/** Answers `reserve` a few turns later, as a store across the network would. */
function slowReserve(inner: ApprovalStateStore): ApprovalStateStore {
  return {
    ...inner,
    reserve: async (binding, view, now) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return inner.reserve(binding, view, now);
    },
  };
}

describe('every resumed result says whether the arguments were edited', () => {
  test('a tool that succeeds: the returned result is the one the settled event carried', async () => {
    const { toolbox, settled } = toolboxWith(async ({ payee }) => payee);
    const descriptor = await pausePayment(toolbox);
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(resumed).toMatchObject({ outcome: 'success', result: 'ada', executedArgumentsEdited: false });
    expect(settled.at(-1)).toBe(resumed);
  });

  test('a synchronous tool, a throwing tool and a rejecting tool', async () => {
    const cases: [Execute, string][] = [
      [({ cents }) => cents * 2, 'success'],
      [
        () => {
          throw new Error('card declined');
        },
        'error',
      ],
      [async () => Promise.reject(new Error('gateway down')), 'error'],
    ];
    for (const [execute, outcome] of cases) {
      const { toolbox, store } = toolboxWith(execute);
      const descriptor = await pausePayment(toolbox);
      const edited = await toolbox.resumeApproval(descriptor, {
        requestContext,
        arguments: { payee: 'ada', cents: 7 },
      });
      expect(edited).toMatchObject({ outcome, executedArgumentsEdited: true });
      expect(await store.state(parseApprovalBinding(descriptor.binding as never))).toBe('consumed');
    }
  });

  test('a tool that outlives its timeout ends with the flag, the binding consumed', async () => {
    const { toolbox, store } = toolboxWith(() => new Promise(() => {}));
    const descriptor = await pausePayment(toolbox);
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext, timeout: 5 });
    expect(resumed).toMatchObject({
      outcome: 'error',
      error: { code: 'TIMEOUT' },
      executedArgumentsEdited: false,
    });
    expect(await store.state(parseApprovalBinding(descriptor.binding as never))).toBe('consumed');
  });

  test('edited arguments that fail validation: the flag, the tool never runs, the binding is issued again', async () => {
    let runs = 0;
    const { toolbox, store } = toolboxWith(() => {
      runs++;
    });
    const descriptor = await pausePayment(toolbox);
    const refused = await toolbox.resumeApproval(descriptor, {
      requestContext,
      arguments: { payee: '', cents: -1 },
    });
    expect(refused).toMatchObject({ outcome: 'error', executedArgumentsEdited: true });
    expect(runs).toBe(0);
    expect(await store.state(parseApprovalBinding(descriptor.binding as never))).toBe('issued');
    const resumed = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(resumed).toMatchObject({ outcome: 'success', executedArgumentsEdited: false });
    expect(runs).toBe(1);
  });

  test('a store that reserves asynchronously: same results, one run among concurrent resumes', async () => {
    let runs = 0;
    const { toolbox, store } = toolboxWith(
      async () => ++runs,
      slowReserve(createProcessLocalApprovalStateStore()),
    );
    const descriptor = await pausePayment(toolbox);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => toolbox.resumeApproval(descriptor, { requestContext })),
    );
    expect(results.filter((result) => result.outcome === 'success')).toHaveLength(1);
    expect(results.every((result) => typeof result.executedArgumentsEdited === 'boolean')).toBe(true);
    expect(runs).toBe(1);
    expect(await store.state(parseApprovalBinding(descriptor.binding as never))).toBe('consumed');
  });

  test('a closed toolbox refuses before admission and still reports the flag; the binding stays issued', async () => {
    const { toolbox, store } = toolboxWith(async () => 1);
    const descriptor = await pausePayment(toolbox);
    toolbox.closeAdmission();
    const refused = await toolbox.resumeApproval(descriptor, { requestContext });
    expect(refused.outcome).not.toBe('success');
    expect(refused.executedArgumentsEdited).toBe(false);
    expect(await store.state(parseApprovalBinding(descriptor.binding as never))).toBe('issued');
  });
});
