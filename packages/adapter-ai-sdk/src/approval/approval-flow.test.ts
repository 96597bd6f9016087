import { describe, expect, test } from 'bun:test';
import { createToolbox } from '@armorer/core';
import { callTool, errorReported, resultsIn, run, say, scriptedModel } from '../__fixtures__/scripted-model';
import { AI_SDK_VERSIONS, type Generation, type Message, MODES } from '../__fixtures__/sdks';
import { APPROVAL_SECRET, makeTools, requestContext } from '../__fixtures__/tools';
import { toAISDKTools } from '../tools/to-ai-sdk-tools';

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
