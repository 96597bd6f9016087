import { beforeAll, describe, expect, test } from 'bun:test';
import { ProviderAdapterError } from '@armorer/adapter-shared';
import { type AnyTool, createToolbox, type ToolResult } from '@armorer/core';
import { Agent, Runner, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, modelResponder, ScriptedModel } from '@openai/agents-core/testing';
import { errorCode, makeTools, outputsOf } from './__fixtures__/scripted';
import { createOpenAIToolGate } from './tool-gate';
import type { ResumeApproval } from './types';

beforeAll(() => setTracingDisabled(true));
const runner = new Runner({ tracingDisabled: true });

/** A model that asks for a big refund, then answers with whatever output it was given. */
function refundScript(outputs: Record<string, string>[]) {
  return new ScriptedModel([
    [functionCall('refund_order', { orderId: 'o-9', amount: 500 }, { callId: 'big' })],
    modelResponder((call) => {
      outputs.push(outputsOf(call.request));
      return [assistantMessage('finished')];
    }),
  ]);
}

describe('createOpenAIToolGate with a real Runner and a scripted model', () => {
  test('a blocked tool is refused without running; hidden when asked', async () => {
    const { runs, tools } = makeTools();
    const toolbox = createToolbox(tools);
    const block = (tool: AnyTool) =>
      tool.configuration.tags.includes('admin') ? 'admin tools are off' : undefined;
    let seen: Record<string, string> = {};
    let declared: string[] = [];
    const model = new ScriptedModel([
      modelResponder((call) => {
        declared = call.request.tools.map((tool) => (tool as { name: string }).name);
        return [functionCall('wipe_database', {}, { callId: 'w' })];
      }),
      modelResponder((call) => {
        seen = outputsOf(call.request);
        return [assistantMessage('ok')];
      }),
    ]);
    const gate = createOpenAIToolGate(toolbox, { block });
    await runner.run(new Agent({ name: 'ops', model, tools: gate.tools }), 'wipe it');
    expect(declared).toContain('wipe_database');
    expect(errorCode(seen.w)).toBe('POLICY_DENIED');
    expect(seen.w).toContain('admin tools are off');
    expect(runs.wipe).toBe(0);

    const hidden = createOpenAIToolGate(toolbox, { block, hideBlocked: true });
    const probe = new ScriptedModel([
      modelResponder((call) => {
        declared = call.request.tools.map((tool) => (tool as { name: string }).name);
        return [assistantMessage('nothing to do')];
      }),
    ]);
    await runner.run(new Agent({ name: 'ops', model: probe, tools: hidden.tools }), 'wipe it');
    expect(declared).not.toContain('wipe_database');
    expect(declared).toContain('add_numbers');
  });

  test('allowed calls run; denials and invalid arguments come back without an interruption', async () => {
    const { runs, tools } = makeTools();
    const gate = createOpenAIToolGate(createToolbox(tools));
    let seen: Record<string, string> = {};
    const model = new ScriptedModel([
      [
        functionCall('refund_order', { orderId: 'o-1', amount: 10 }, { callId: 'small' }),
        functionCall('refund_order', { orderId: 'fraud', amount: 10 }, { callId: 'fraud' }),
        functionCall('refund_order', { orderId: 'o-2', amount: -1 }, { callId: 'negative' }),
      ],
      modelResponder((call) => {
        seen = outputsOf(call.request);
        return [assistantMessage('ok')];
      }),
    ]);
    const result = await runner.run(new Agent({ name: 'ops', model, tools: gate.tools }), 'refunds');
    expect(result.interruptions).toHaveLength(0);
    expect(JSON.parse(seen.small ?? '')).toEqual({ refunded: 'o-1', amount: 10 });
    expect(errorCode(seen.fraud)).toBe('POLICY_DENIED');
    expect(errorCode(seen.negative)).toBe('INVALID_ARGUMENTS');
    expect(runs.refund).toBe(1);
  });

  test('needs_approval becomes an SDK interruption; approving resumes through the gate, refused until armorer can resume it', async () => {
    const { runs, tools } = makeTools();
    const gate = createOpenAIToolGate(createToolbox(tools));
    const outputs: Record<string, string>[] = [];
    const agent = new Agent({ name: 'ops', model: refundScript(outputs), tools: gate.tools });
    const paused = await runner.run(agent, 'refund 500');
    expect(paused.interruptions).toHaveLength(1);
    const [interruption] = paused.interruptions;
    expect(interruption?.name).toBe('refund_order');
    expect(runs.refund).toBe(0);
    expect(outputs).toHaveLength(0);

    paused.state.approve(interruption as never);
    const resumed = await runner.run(agent, paused.state);
    expect(resumed.finalOutput).toBe('finished');
    const output = outputs[0]?.big;
    expect(errorCode(output)).toBe('POLICY_DENIED');
    expect(output).toContain('armorer cannot resume it');
    expect(runs.refund).toBe(0);
  });

  test('rejecting in the SDK never runs the tool', async () => {
    const { runs, tools } = makeTools();
    const gate = createOpenAIToolGate(createToolbox(tools));
    const outputs: Record<string, string>[] = [];
    const agent = new Agent({ name: 'ops', model: refundScript(outputs), tools: gate.tools });
    const paused = await runner.run(agent, 'refund 500');
    paused.state.reject(paused.interruptions[0] as never, { message: 'A person said no.' });
    await runner.run(agent, paused.state);
    expect(outputs[0]?.big).toBe('A person said no.');
    expect(runs.refund).toBe(0);
  });

  test('a resumeApproval hook receives the paused call once the SDK approved it', async () => {
    const { runs, tools } = makeTools();
    const toolbox = createToolbox(tools);
    const resumed: string[] = [];
    const resumeApproval: ResumeApproval = async (pending, context) => {
      resumed.push(`${pending.toolName}:${pending.callId}:${context.agentToolName}`);
      // Stands in for armorer's approval flow: the call resumes with the arguments it was paused with.
      const value = { ...pending.proposedCall.arguments, approvedBy: 'a person' };
      const result: ToolResult = {
        callId: pending.callId,
        toolCallId: pending.callId,
        toolName: pending.toolName,
        outcome: 'success',
        result: value,
        content: value,
      };
      return result;
    };
    const gate = createOpenAIToolGate(toolbox, { resumeApproval });
    const outputs: Record<string, string>[] = [];
    const agent = new Agent({ name: 'ops', model: refundScript(outputs), tools: gate.tools });
    const paused = await runner.run(agent, 'refund 500');
    paused.state.approve(paused.interruptions[0] as never);
    await runner.run(agent, paused.state);
    expect(resumed).toEqual(['refund.order:big:refund_order']);
    expect(JSON.parse(outputs[0]?.big ?? '')).toEqual({
      orderId: 'o-9',
      amount: 500,
      approvedBy: 'a person',
    });
    expect(runs.refund).toBe(0);
  });

  test('a resumeApproval hook that throws becomes a structured error for the model', async () => {
    const { tools } = makeTools();
    const gate = createOpenAIToolGate(createToolbox(tools), {
      resumeApproval: async () => {
        throw new Error('approval store offline');
      },
    });
    const outputs: Record<string, string>[] = [];
    const agent = new Agent({ name: 'ops', model: refundScript(outputs), tools: gate.tools });
    const paused = await runner.run(agent, 'refund 500');
    paused.state.approve(paused.interruptions[0] as never);
    await runner.run(agent, paused.state);
    expect(errorCode(outputs[0]?.big)).toBe('EXECUTION_FAILED');
    expect(outputs[0]?.big).toContain('could not be resumed');
  });

  test('check previews a call without running it', async () => {
    const { runs, tools } = makeTools();
    const gate = createOpenAIToolGate(createToolbox(tools));
    expect((await gate.check('refund.order', { orderId: 'a', amount: 500 })).status).toBe('needs_approval');
    expect((await gate.check('refund.order', { orderId: 'a', amount: 5 })).status).toBe('allow');
    expect((await gate.check('refund.order', { orderId: 'a' })).status).toBe('invalid');
    expect((await gate.check('nope', {})).status).toBe('not_found');
    expect(runs.refund).toBe(0);
    expect(() => createOpenAIToolGate({})).toThrow(ProviderAdapterError);
  });
});
