import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox, type PendingApproval } from '@armorer/core';
import { callTool, errorReported, resultsIn, run, say, scriptedModel } from '../__fixtures__/scripted-model';
import { AI_SDK_VERSIONS, type Generation, type Message, MODES } from '../__fixtures__/sdks';
import { APPROVAL_SECRET, makeTools, requestContext } from '../__fixtures__/tools';
import { toAISDKTools } from '../tools/to-ai-sdk-tools';
import { createProcessLocalAISDKApprovalStore } from './approval-store';

/** The approval requests a generation ended with. */
function approvalRequests(result: Generation) {
  return result.content.filter((part) => part.type === 'tool-approval-request');
}

/** The conversation so far plus the person's answers, as the next request sends it. */
function answer(history: readonly Message[], answers: Record<string, boolean>): Message[] {
  return [
    ...history,
    {
      role: 'tool',
      content: Object.entries(answers).map(([approvalId, approved]) => ({
        type: 'tool-approval-response',
        approvalId,
        approved,
        ...(approved ? {} : { reason: 'Not today' }),
      })),
    },
  ] as Message[];
}

function payments() {
  const { runs, tools } = makeTools();
  const toolbox = createToolbox(tools, { approvalSecret: APPROVAL_SECRET });
  return { runs, toolbox, tools: toAISDKTools(toolbox, { callOptions: { requestContext } }) };
}

const USER: Message = { role: 'user', content: 'Pay ada 5 euros.' };

for (const sdk of AI_SDK_VERSIONS) {
  for (const mode of MODES) {
    describe(`${sdk.name}, ${mode}Text: armorer approvals on the AI SDK's approval flow`, () => {
      test('a paused call is an approval request; approving runs it exactly once, through armorer', async () => {
        const { runs, toolbox, tools } = payments();
        const first = scriptedModel(sdk, [
          () => [callTool('pay-1', 'send-payment', { payee: 'ada', cents: 500 })],
        ]);
        const paused = await run(sdk, mode, { model: first.model, tools, messages: [USER] });
        const requests = approvalRequests(paused);
        expect(requests).toHaveLength(1);
        expect(runs.pay).toBe(0);
        const approvalId = requests[0]?.approvalId ?? '';
        const history = [USER, ...paused.messages];

        const second = scriptedModel(sdk, [() => [say('Paid.')]]);
        const resumed = await run(sdk, mode, {
          model: second.model,
          tools,
          messages: answer(history, { [approvalId]: true }),
        });
        expect(resumed.text).toBe('Paid.');
        expect(runs.pay).toBe(1);
        expect(resultsIn(second.prompts[0] ?? [])['pay-1']).toEqual({
          type: 'json',
          value: { paid: 'ada', cents: 500 },
        });

        // The same answer sent again (a retried request) never runs the tool a second time.
        const replay = scriptedModel(sdk, [() => [say('ok')]]);
        await run(sdk, mode, {
          model: replay.model,
          tools,
          messages: answer(history, { [approvalId]: true }),
        });
        expect(runs.pay).toBe(1);
        expect(errorReported(resultsIn(replay.prompts[0] ?? [])['pay-1'])).toMatch(/approval/i);
        expect(toolbox.size).toBe(4);
      });

      test('a denied call never runs and still leaves its tool result, so the next request is valid', async () => {
        const { runs, tools } = payments();
        const first = scriptedModel(sdk, [
          () => [callTool('pay-2', 'send-payment', { payee: 'ada', cents: 500 })],
        ]);
        const paused = await run(sdk, mode, { model: first.model, tools, messages: [USER] });
        const approvalId = approvalRequests(paused)[0]?.approvalId ?? '';
        const second = scriptedModel(sdk, [() => [say('Not paid.')]]);
        const denied = await run(sdk, mode, {
          model: second.model,
          tools,
          messages: answer([USER, ...paused.messages], { [approvalId]: false }),
        });
        expect(denied.text).toBe('Not paid.');
        expect(runs.pay).toBe(0);
        expect(resultsIn(second.prompts[0] ?? [])['pay-2']).toMatchObject({ type: 'execution-denied' });
      });
    });
  }
}

describe('approvals that cannot be resumed fail closed', () => {
  const sdk = AI_SDK_VERSIONS.at(-1);
  if (sdk === undefined) throw new Error('no AI SDK version');

  test('without an approvalSecret the approved call is refused and never runs', async () => {
    const { runs, tools: list } = makeTools();
    const tools = toAISDKTools(createToolbox(list), { callOptions: { requestContext } });
    const first = scriptedModel(sdk, [
      () => [callTool('pay-3', 'send-payment', { payee: 'ada', cents: 500 })],
    ]);
    const paused = await sdk.generate({ model: first.model, tools, messages: [USER] });
    const approvalId = approvalRequests(paused)[0]?.approvalId ?? '';
    const second = scriptedModel(sdk, [() => [say('ok')]]);
    const after = await sdk.generate({
      model: second.model,
      tools,
      messages: answer([USER, ...paused.messages], { [approvalId]: true }),
    });
    expect(after.text).toBe('ok');
    expect(runs.pay).toBe(0);
    const reported = errorReported(resultsIn(second.prompts[0] ?? [])['pay-3']);
    expect(reported).toContain('was not executed');
    expect(reported).toContain('approvalSecret');
  });
});

describe('approvals fail closed when what was approved is not what would run', () => {
  const sdk = AI_SDK_VERSIONS.at(-1);
  if (sdk === undefined) throw new Error('no AI SDK version');

  test('arguments edited in the history after the pause never run under the approval', async () => {
    const { runs, tools } = payments();
    const first = scriptedModel(sdk, [
      () => [callTool('pay-4', 'send-payment', { payee: 'ada', cents: 500 })],
    ]);
    const paused = await sdk.generate({ model: first.model, tools, messages: [USER] });
    const approvalId = approvalRequests(paused)[0]?.approvalId ?? '';
    // A client rewrites the call it shows the person before sending the answer.
    const edited = JSON.parse(JSON.stringify(paused.messages).replaceAll('500', '50000')) as Message[];
    const second = scriptedModel(sdk, [() => [say('ok')]]);
    await sdk.generate({
      model: second.model,
      tools,
      messages: answer([USER, ...edited], { [approvalId]: true }),
    });
    expect(runs.pay).toBe(0);
    expect(errorReported(resultsIn(second.prompts[0] ?? [])['pay-4'])).toContain(
      'waiting for human approval',
    );
  });

  test("a store that fails is the call's error, never a crash of the generation", async () => {
    const { runs, tools: list } = makeTools();
    const failing = {
      get: () => {
        throw new Error('database down');
      },
      set: () => {
        throw new Error('database down');
      },
    };
    const toolbox = createToolbox(list, { approvalSecret: APPROVAL_SECRET });
    const tools = toAISDKTools(toolbox, { callOptions: { requestContext }, approvalStore: failing });
    const script = scriptedModel(sdk, [
      () => [callTool('pay-5', 'send-payment', { payee: 'ada', cents: 500 })],
      () => [say('could not pay')],
    ]);
    const result = await sdk.generate({
      model: script.model,
      tools,
      stopWhen: sdk.stepCountIs(3),
      messages: [USER],
    });
    expect(result.text).toBe('could not pay');
    expect(runs.pay).toBe(0);
    expect(errorReported(resultsIn(script.prompts[1] ?? [])['pay-5'])).toContain('database down');
  });

  test('the process-local store keeps the newest paused calls, up to its bound', () => {
    const store = createProcessLocalAISDKApprovalStore({ maxEntries: 2 });
    const pending = { toolName: 'x' } as unknown as PendingApproval;
    for (const id of ['a', 'b', 'c']) store.set({ toolCallId: id, input: {}, pendingApproval: pending });
    expect([store.get('a'), store.get('b')?.toolCallId, store.get('c')?.toolCallId]).toEqual([
      undefined,
      'b',
      'c',
    ]);
    expect(() => createProcessLocalAISDKApprovalStore({ maxEntries: 0 })).toThrow(RangeError);
  });
});

describe('a policy that changes its mind between the preview and the run', () => {
  const sdk = AI_SDK_VERSIONS.at(-1);
  if (sdk === undefined) throw new Error('no AI SDK version');

  function flipping(first: 'allow' | 'ask') {
    let checks = 0;
    let runs = 0;
    const tool = createTool({
      name: 'flip',
      description: 'Its policy answers differently on every check',
      execute: () => {
        runs++;
        return 'ran';
      },
      policy: {
        beforeExecute: ({ approval }) => {
          checks++;
          const ask = (checks % 2 === 1) === (first === 'ask');
          return approval?.approved === true || !ask
            ? undefined
            : { status: 'needs_approval', reason: 'flip' };
        },
      },
    });
    const toolbox = createToolbox([tool], { approvalSecret: APPROVAL_SECRET });
    return { toolbox, runs: () => runs };
  }

  test('allowed at the preview, paused at the run: the model is told, nothing runs, no approval is faked', async () => {
    const { toolbox, runs } = flipping('allow');
    const script = scriptedModel(sdk, [() => [callTool('f1', 'flip', {})], () => [say('ok')]]);
    const result = await sdk.generate({
      model: script.model,
      tools: toAISDKTools(toolbox, { callOptions: { requestContext } }),
      stopWhen: sdk.stepCountIs(3),
      prompt: 'flip',
    });
    expect(approvalRequests(result)).toHaveLength(0);
    expect(runs()).toBe(0);
    expect(errorReported(resultsIn(script.prompts[1] ?? [])['f1'])).toContain('waiting for human approval');
  });

  test('asked at the preview, allowed at the run: it ran once, and its result is the answer', async () => {
    const { toolbox, runs } = flipping('ask');
    const script = scriptedModel(sdk, [() => [callTool('f2', 'flip', {})], () => [say('ok')]]);
    const result = await sdk.generate({
      model: script.model,
      tools: toAISDKTools(toolbox, { callOptions: { requestContext } }),
      stopWhen: sdk.stepCountIs(3),
      prompt: 'flip',
    });
    expect(approvalRequests(result)).toHaveLength(0);
    expect(runs()).toBe(1);
    expect(resultsIn(script.prompts[1] ?? [])['f2']).toEqual({ type: 'text', value: 'ran' });
  });
});
