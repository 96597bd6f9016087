import { describe, expect, test } from 'bun:test';
import { createMiddleware, createTool, createToolbox, ToolCallError } from '@armorer/core';
import { createToolResultCache, fieldKey, withToolboxIdempotency } from '@armorer/idempotency';
import { z } from 'zod';
import { callTool, errorReported, resultsIn, say, scriptedModel } from '../__fixtures__/scripted-model';
import { AI_SDK_VERSIONS } from '../__fixtures__/sdks';
import { makeTools, requestContext } from '../__fixtures__/tools';
import { toAISDKTools } from './to-ai-sdk-tools';

for (const sdk of AI_SDK_VERSIONS) {
  describe(`${sdk.name}: every call goes through the toolbox pipeline`, () => {
    test('events and middleware see the AI SDK call id; policy reads the request context', async () => {
      const seen: string[] = [];
      const { tools } = makeTools();
      const traced = createMiddleware((configuration) => ({
        execute: async (params, context) => {
          seen.push(`middleware ${configuration.name} ${context.callId}`);
          return configuration.execute(params, context);
        },
      }));
      const toolbox = createToolbox(tools, {
        middleware: [traced],
        policy: {
          beforeExecute: ({ requestContext: request, toolName }) =>
            toolName !== 'add-numbers' || request?.authority?.principalId === 'user-1',
        },
      });
      toolbox.on('complete', (event) => seen.push(`complete ${event.toolName} ${event.callId}`));
      const script = scriptedModel(sdk, [
        () => [callTool('call-7', 'add-numbers', { a: 1, b: 2 })],
        () => [say('3')],
      ]);
      await sdk.generate({
        model: script.model,
        tools: toAISDKTools(toolbox, {
          callOptions: ({ toolCallId }) => ({ requestContext, ownerId: `owner-${toolCallId}` }),
        }),
        stopWhen: sdk.stepCountIs(3),
        prompt: 'add',
      });
      expect(seen).toEqual(['middleware add-numbers call-7', 'complete add-numbers call-7']);

      const denied = scriptedModel(sdk, [
        () => [callTool('call-8', 'add-numbers', { a: 1, b: 2 })],
        () => [say('no')],
      ]);
      await sdk.generate({
        model: denied.model,
        tools: toAISDKTools(toolbox),
        stopWhen: sdk.stepCountIs(3),
        prompt: 'add',
      });
      expect(errorReported(resultsIn(denied.prompts[1] ?? [])['call-8'])).toContain(
        'Tool "add-numbers" was denied',
      );
    });

    test('loop detection stops a model repeating the same call', async () => {
      const { runs, tools } = makeTools();
      const toolbox = createToolbox(tools, { loopDetection: { warningThreshold: 2, blockThreshold: 3 } });
      const same = (id: string) => () => [callTool(id, 'add-numbers', { a: 1, b: 1 })];
      const script = scriptedModel(sdk, [same('l1'), same('l2'), same('l3'), () => [say('stuck')]]);
      await sdk.generate({
        model: script.model,
        tools: toAISDKTools(toolbox, { callOptions: { ownerId: 'run-1' } }),
        stopWhen: sdk.stepCountIs(5),
        prompt: 'loop',
      });
      expect(runs.add).toBe(2);
      expect(errorReported(resultsIn(script.prompts[3] ?? [])['l3'])).toMatch(/loop|same call/i);
    });

    test('an idempotent toolbox runs a retried side effect once', async () => {
      let charged = 0;
      const charge = createTool({
        name: 'charge-card',
        description: 'Charge a card',
        input: z.object({ orderId: z.string(), cents: z.number().int() }),
        idempotencyKey: fieldKey('orderId'),
        execute: ({ orderId, cents }) => {
          charged++;
          return { orderId, cents };
        },
      });
      const toolbox = withToolboxIdempotency(createToolbox([charge]), {
        cache: createToolResultCache({ store: new Map() }),
        tenantId: 'tenant-1',
      });
      const call = (id: string) => () => [callTool(id, 'charge-card', { orderId: 'o-1', cents: 500 })];
      const script = scriptedModel(sdk, [call('i1'), call('i2'), () => [say('charged')]]);
      await sdk.generate({
        model: script.model,
        tools: toAISDKTools(toolbox, { callOptions: { requestContext } }),
        stopWhen: sdk.stepCountIs(4),
        prompt: 'charge',
      });
      expect(charged).toBe(1);
      expect(resultsIn(script.prompts[2] ?? [])['i2']).toEqual({
        type: 'json',
        value: { orderId: 'o-1', cents: 500 },
      });
    });

    test("the AI SDK's abort signal reaches the tool", async () => {
      let aborted = false;
      const controller = new AbortController();
      const wait = createTool({
        name: 'wait',
        description: 'Waits until cancelled',
        execute: (_params, { signal }) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              reject(signal.reason);
            });
            // The user leaves once the tool runs (a 5 ms timer could fire first on a loaded machine, before
            // the AI SDK had started the tool at all).
            queueMicrotask(() => controller.abort(new Error('user left')));
          }),
      });
      const script = scriptedModel(sdk, [() => [callTool('w1', 'wait', {})]]);
      const outcome = await sdk
        .generate({
          model: script.model,
          tools: toAISDKTools(createToolbox([wait])),
          abortSignal: controller.signal,
          prompt: 'wait',
        })
        .then(
          () => 'finished',
          () => 'rejected',
        );
      expect(aborted).toBe(true);
      expect(['finished', 'rejected']).toContain(outcome);
    });
  });
}

describe('the tool set', () => {
  test('failures are thrown as core ToolCallError with the structured error as JSON', async () => {
    const { tools } = makeTools();
    const set = toAISDKTools(createToolbox(tools));
    const failure = await set['add-numbers']
      ?.execute({ a: 'x' }, { toolCallId: 't1', messages: [] })
      .catch((error: unknown) => error);
    expect(ToolCallError.isInstance(failure)).toBe(true);
    expect((failure as ToolCallError).code).toBe('INVALID_ARGUMENTS');
    expect(JSON.parse(JSON.stringify(failure))).toMatchObject({
      error: {
        category: 'validation',
        code: 'INVALID_ARGUMENTS',
        retryable: false,
        details: { issues: [{ path: ['a'] }, { path: ['b'] }] },
      },
    });
  });
});
