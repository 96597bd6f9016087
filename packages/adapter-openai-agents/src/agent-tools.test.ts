import { beforeAll, describe, expect, test } from 'bun:test';
import { ProviderAdapterError } from '@armorer/adapter-shared';
import { createTool, createToolbox } from '@armorer/core';
import { Agent, RunContext, Runner, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, modelResponder, ScriptedModel } from '@openai/agents-core/testing';
import fc from 'fast-check';
import { z } from 'zod';
import { errorCode, makeTools, outputsOf } from './__fixtures__/scripted';
import { toOpenAIAgentTools } from './agent-tools';

beforeAll(() => setTracingDisabled(true));
const runner = new Runner({ tracingDisabled: true });

describe('toOpenAIAgentTools with a real Runner and a scripted model', () => {
  test('one call runs through the toolbox and its result goes back to the model', async () => {
    const { runs, tools } = makeTools();
    const toolbox = createToolbox(tools);
    let seen: Record<string, string> = {};
    const model = new ScriptedModel([
      [functionCall('add_numbers', { a: 2, b: 3 }, { callId: 'c1' })],
      modelResponder((call) => {
        seen = outputsOf(call.request);
        return [assistantMessage('It is 5.')];
      }),
    ]);
    const agent = new Agent({ name: 'math', model, tools: toOpenAIAgentTools(toolbox) });
    const result = await runner.run(agent, 'What is 2 + 3?');
    expect(result.finalOutput).toBe('It is 5.');
    expect(seen).toEqual({ c1: '5' });
    expect(runs.add).toBe(1);
    model.assertComplete();
  });

  test('two calls in one turn, with the declarations the model saw', async () => {
    const { runs, tools } = makeTools();
    const toolbox = createToolbox(tools);
    let seen: Record<string, string> = {};
    let declared: unknown[] = [];
    const model = new ScriptedModel([
      modelResponder((call) => {
        declared = call.request.tools;
        return [
          functionCall('add_numbers', { a: 1, b: 1 }, { callId: 'c1' }),
          functionCall('refund_order', { orderId: 'o-1', amount: 5 }, { callId: 'c2' }),
        ];
      }),
      modelResponder((call) => {
        seen = outputsOf(call.request);
        return [assistantMessage('done')];
      }),
    ]);
    const agent = new Agent({ name: 'ops', model, tools: toOpenAIAgentTools(toolbox) });
    await runner.run(agent, 'go');
    expect(seen.c1).toBe('2');
    expect(JSON.parse(seen.c2 ?? '')).toEqual({ refunded: 'o-1', amount: 5 });
    expect(runs).toMatchObject({ add: 1, refund: 1 });
    const refund = declared.find((tool) => (tool as { name: string }).name === 'refund_order') as Record<
      string,
      unknown
    >;
    expect(refund.parameters).toMatchObject({
      type: 'object',
      properties: { orderId: { type: 'string' }, amount: { type: 'number' } },
      required: ['orderId', 'amount'],
    });
  });

  test('invalid arguments come back as a validation error the model corrects; nothing ran meanwhile', async () => {
    const { runs, tools } = makeTools();
    const toolbox = createToolbox(tools);
    const outputs: Record<string, string>[] = [];
    const model = new ScriptedModel([
      [
        functionCall('add_numbers', { a: 'two', b: 3 }, { callId: 'bad' }),
        functionCall('add_numbers', '{"a": 1, "b":', { callId: 'malformed' }),
      ],
      modelResponder((call) => {
        outputs.push(outputsOf(call.request));
        return [functionCall('add_numbers', { a: 2, b: 3 }, { callId: 'fixed' })];
      }),
      modelResponder((call) => {
        outputs.push(outputsOf(call.request));
        return [assistantMessage('5')];
      }),
    ]);
    const agent = new Agent({ name: 'math', model, tools: toOpenAIAgentTools(toolbox) });
    const result = await runner.run(agent, 'add');
    expect(result.finalOutput).toBe('5');
    const bad = JSON.parse(outputs[0]?.bad ?? '') as { error: { code: string; details: unknown } };
    expect(bad.error.code).toBe('INVALID_ARGUMENTS');
    expect(JSON.stringify(bad.error.details)).toContain('"a"');
    expect(typeof outputs[0]?.malformed).toBe('string');
    expect(outputs[1]?.fixed).toBe('5');
    expect(runs.add).toBe(1);
  });

  test('a policy denial and a thrown error are outputs the model can act on', async () => {
    const { runs, tools } = makeTools();
    const toolbox = createToolbox(tools, {
      policy: { beforeExecute: ({ toolName }) => toolName !== 'wipe-database' },
    });
    let seen: Record<string, string> = {};
    const model = new ScriptedModel([
      [
        functionCall('wipe_database', {}, { callId: 'w' }),
        functionCall('refund_order', { orderId: 'fraud', amount: 3 }, { callId: 'f' }),
        functionCall('boom', {}, { callId: 'b' }),
      ],
      modelResponder((call) => {
        seen = outputsOf(call.request);
        return [assistantMessage('ok')];
      }),
    ]);
    const agent = new Agent({ name: 'ops', model, tools: toOpenAIAgentTools(toolbox) });
    await runner.run(agent, 'go');
    expect(errorCode(seen.w)).toBe('POLICY_DENIED');
    expect(errorCode(seen.f)).toBe('POLICY_DENIED');
    expect(seen.f).toContain('order flagged as fraud');
    expect(errorCode(seen.b)).toBe('EXECUTION_FAILED');
    expect(runs).toMatchObject({ wipe: 0, refund: 0, boom: 1 });
  });

  test('call options come from the run context: the request authority reaches policy', async () => {
    const whoami = createTool({
      name: 'whoami',
      description: 'who is calling',
      policy: { beforeExecute: ({ requestContext }) => requestContext?.authority?.principalId === 'ada' },
      execute: (_params, { requestContext }) => requestContext?.authority?.principalId,
    });
    const toolbox = createToolbox([whoami]);
    const outputs: string[] = [];
    const script = () =>
      new ScriptedModel([
        [functionCall('whoami', {}, { callId: 'c' })],
        modelResponder((call) => {
          outputs.push(outputsOf(call.request).c ?? '');
          return [assistantMessage('ok')];
        }),
      ]);
    const tools = toOpenAIAgentTools<{ user: string }>(toolbox, {
      callOptions: ({ context }) => ({ requestContext: { authority: { principalId: context.user } } }),
    });
    await runner.run(new Agent({ name: 'a', model: script(), tools }), 'who', { context: { user: 'ada' } });
    await runner.run(new Agent({ name: 'a', model: script(), tools }), 'who', { context: { user: 'eve' } });
    expect(outputs[0]).toBe('ada');
    expect(errorCode(outputs[1])).toBe('POLICY_DENIED');
  });

  test('bad inputs are typed errors: not a toolbox, colliding declared names', () => {
    expect(() => toOpenAIAgentTools([])).toThrow(ProviderAdapterError);
    expect(() => toOpenAIAgentTools(null)).toThrow(ProviderAdapterError);
    const a = createTool({ name: 'get.user', description: 'a', input: z.object({}), execute: () => 1 });
    const b = createTool({ name: 'get-user', description: 'b', input: z.object({}), execute: () => 2 });
    try {
      toOpenAIAgentTools(createToolbox([a, b]));
      throw new Error('expected a collision');
    } catch (error) {
      expect(ProviderAdapterError.isInstance(error) && error.code).toBe('DUPLICATE_DECLARED_NAME');
    }
  });
});

describe('hostile model arguments', () => {
  test('any JSON the model sends ends as a result or a structured error, and never throws', async () => {
    const { tools } = makeTools();
    const [add, refund] = toOpenAIAgentTools(createToolbox(tools));
    const runContext = new RunContext();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (value, useRefund) => {
        const target = useRefund ? refund : add;
        const output = await target?.invoke(runContext, JSON.stringify(value));
        expect(typeof output).toBe('string');
        const text = output as string;
        const code = errorCode(text);
        if (code !== undefined)
          expect(['INVALID_ARGUMENTS', 'MALFORMED_ARGUMENTS', 'POLICY_DENIED']).toContain(code);
      }),
      { numRuns: 200 },
    );
  });
});
