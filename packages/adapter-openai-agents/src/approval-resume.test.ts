import { beforeAll, describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { Agent, Runner, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, modelResponder, ScriptedModel } from '@openai/agents-core/testing';
import { z } from 'zod';
import { errorCode, outputsOf } from './__fixtures__/scripted';
import { createOpenAIToolGate } from './tool-gate';

beforeAll(() => setTracingDisabled(true));
const runner = new Runner({ tracingDisabled: true });

const requestContext = {
  authority: { principalId: 'user-1', tenantId: 'tenant-1', ownerId: 'session-1' },
  agentId: 'agent-1',
  runId: 'run-1',
};

/** A paying toolbox that pauses every payment until a person approves it, with signed approvals. */
function payments(runs: { count: number }) {
  const pay = createTool({
    name: 'send-payment',
    description: 'Send money to a payee',
    input: z.object({ payee: z.string(), cents: z.number().int().positive() }),
    metadata: { mutates: true },
    execute: ({ payee, cents }) => {
      runs.count++;
      return { paid: payee, cents };
    },
  });
  // No store given: the toolbox keeps its approvals in a process-local store.
  return createToolbox([pay], {
    approvalSecret: 'gate-test-secret-0123456789abcdef',
    policy: {
      beforeExecute: (context) =>
        context.approval?.approved
          ? undefined
          : { status: 'needs_approval', reason: 'Payments need a person' },
    },
  });
}

function payScript(outputs: Record<string, string>[]) {
  return new ScriptedModel([
    [functionCall('send_payment', { payee: 'ada', cents: 500 }, { callId: 'pay-1' })],
    modelResponder((call) => {
      outputs.push(outputsOf(call.request));
      return [assistantMessage('done')];
    }),
  ]);
}

describe('createOpenAIToolGate resumes through armorer approval flow', () => {
  test('an approval in the SDK runs the paused call once, under its signed binding', async () => {
    const runs = { count: 0 };
    const toolbox = payments(runs);
    const gate = createOpenAIToolGate(toolbox, { callOptions: { requestContext } });
    const outputs: Record<string, string>[] = [];
    const agent = new Agent({ name: 'payer', model: payScript(outputs), tools: gate.tools });
    const paused = await runner.run(agent, 'pay ada 5 euros');
    expect(paused.interruptions).toHaveLength(1);
    expect(runs.count).toBe(0);
    paused.state.approve(paused.interruptions[0] as never);
    await runner.run(agent, paused.state);
    expect(JSON.parse(outputs[0]?.['pay-1'] ?? '')).toEqual({ paid: 'ada', cents: 500 });
    expect(runs.count).toBe(1);
  });

  test('without a request context the approved call is refused and never runs', async () => {
    const runs = { count: 0 };
    const toolbox = payments(runs);
    const gate = createOpenAIToolGate(toolbox);
    const outputs: Record<string, string>[] = [];
    const agent = new Agent({ name: 'payer', model: payScript(outputs), tools: gate.tools });
    const paused = await runner.run(agent, 'pay ada 5 euros');
    paused.state.approve(paused.interruptions[0] as never);
    await runner.run(agent, paused.state);
    expect(errorCode(outputs[0]?.['pay-1'])).toBe('POLICY_DENIED');
    expect(runs.count).toBe(0);
  });

  test('a binding resumed once is refused the second time (replay)', async () => {
    const runs = { count: 0 };
    const toolbox = payments(runs);
    const paused = await toolbox.execute(
      { id: 'pay-2', name: 'send-payment', arguments: { payee: 'bob', cents: 100 } },
      { requestContext },
    );
    expect(paused.outcome).toBe('action_required');
    const pending = paused.pendingApproval;
    if (pending === undefined) throw new Error('expected a pending approval');
    const first = await toolbox.resumeApproval(JSON.parse(JSON.stringify(pending)), { requestContext });
    expect(first.outcome).toBe('success');
    const again = await toolbox.resumeApproval(JSON.parse(JSON.stringify(pending)), { requestContext });
    expect(again.outcome).toBe('denied');
    expect(runs.count).toBe(1);
  });
});
