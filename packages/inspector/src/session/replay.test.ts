import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { FIXTURE_CONTEXT, fixtureToolbox } from '../__fixtures__/toolbox';
import { REPLAY_PROVIDERS, replayCalls, responsesAsChatCalls } from './replay';

const noQueue = () => undefined;

describe('replayCalls', () => {
  test('OpenAI Chat: parsed, executed, answered with the tool messages the model reads', async () => {
    const { toolbox } = fixtureToolbox();
    const answer = await replayCalls(toolbox, {
      provider: 'openai-chat',
      text: JSON.stringify({
        role: 'assistant',
        tool_calls: [
          {
            id: 'call_a',
            type: 'function',
            function: { name: 'lookup-order', arguments: '{"orderId":"ord_7"}' },
          },
          {
            id: 'call_b',
            type: 'function',
            function: { name: 'lookup_order', arguments: '{"orderId":"ord_7"}' },
          },
          { id: 'call_c', type: 'function', function: { name: 'lookup-order', arguments: '{"orderId":7}' } },
          { id: 'call_d', type: 'function', function: { name: 'lookup-order', arguments: '{"orderId":' } },
        ],
      }),
      requestContext: undefined,
      approvalIdOf: noQueue,
    });
    expect(answer.error).toBeUndefined();
    expect(answer.results.map((result) => result.outcome)).toEqual(['success', 'error', 'error', 'error']);
    expect(answer.results.map((result) => result.errorCode)).toEqual([
      undefined,
      'TOOL_NOT_FOUND',
      'INVALID_ARGUMENTS',
      'MALFORMED_ARGUMENTS',
    ]);
    const messages = answer.modelReceives as { role: string; tool_call_id: string; content: string }[];
    expect(messages.map((message) => message.tool_call_id)).toEqual(['call_a', 'call_b', 'call_c', 'call_d']);
    expect(messages[0]?.content).toBe('{"orderId":"ord_7","status":"shipped"}');
    // Did-you-mean, exactly as the model gets it.
    expect(JSON.parse(messages[1]?.content ?? '{}').error.details.suggestions).toContain('lookup-order');
    expect(JSON.parse(messages[2]?.content ?? '{}').error.code).toBe('INVALID_ARGUMENTS');
  });

  test('OpenAI Responses function_call items, Anthropic tool_use and Gemini functionCall', async () => {
    const { toolbox } = fixtureToolbox();
    const run = (provider: (typeof REPLAY_PROVIDERS)[number], value: unknown) =>
      replayCalls(toolbox, {
        provider,
        text: JSON.stringify(value),
        requestContext: undefined,
        approvalIdOf: noQueue,
      });
    const responses = await run('openai-responses', {
      output: [
        { type: 'reasoning', id: 'rs_1' },
        { type: 'function_call', call_id: 'call_r', name: 'lookup-order', arguments: '{"orderId":"ord_1"}' },
      ],
    });
    expect(responses.results[0]?.outcome).toBe('success');
    expect(responses.modelReceives).toEqual([
      { type: 'function_call_output', call_id: 'call_r', output: '{"orderId":"ord_1","status":"shipped"}' },
    ]);
    const anthropic = await run('anthropic', {
      type: 'tool_use',
      id: 'toolu_1',
      name: 'lookup-order',
      input: { orderId: 'x' },
    });
    expect(anthropic.results[0]?.errorCode).toBe('INVALID_ARGUMENTS');
    expect(anthropic.modelReceives).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true }],
    });
    const gemini = await run('gemini', [
      { functionCall: { name: 'lookup-order', args: { orderId: 'ord_2' } } },
    ]);
    expect(gemini.results[0]?.outcome).toBe('success');
    expect(gemini.modelReceives).toMatchObject({
      role: 'user',
      parts: [{ functionResponse: { name: 'lookup-order' } }],
    });
  });

  test('a paused call is handed to the approvals queue; bad input is an answer, not a throw', async () => {
    const { toolbox, sent } = fixtureToolbox();
    const queued: string[] = [];
    const paused = await replayCalls(toolbox, {
      provider: 'anthropic',
      text: JSON.stringify([
        { type: 'tool_use', id: 'toolu_m', name: 'send-email', input: { to: 'a@b.co', subject: 's' } },
      ]),
      requestContext: FIXTURE_CONTEXT,
      approvalIdOf: (result) => {
        queued.push(result.callId);
        return 'approval-1';
      },
    });
    expect(paused.results[0]).toMatchObject({ outcome: 'action_required', approvalId: 'approval-1' });
    expect(queued).toEqual(['toolu_m']);
    expect(sent).toEqual([]);
    for (const text of ['not json', '42', '[]', '{"tool_calls": 5}']) {
      const answer = await replayCalls(toolbox, {
        provider: 'openai-chat',
        text,
        requestContext: undefined,
        approvalIdOf: noQueue,
      });
      expect([text, typeof answer.error]).toEqual([text, 'string']);
    }
  });

  test('property: any pasted JSON for any provider yields an answer, never a throw', async () => {
    const { toolbox } = fixtureToolbox();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...REPLAY_PROVIDERS),
        fc.jsonValue({ maxDepth: 4 }),
        async (provider, value) => {
          const answer = await replayCalls(toolbox, {
            provider,
            text: JSON.stringify(value),
            requestContext: undefined,
            approvalIdOf: noQueue,
          });
          expect(answer.error !== undefined || answer.results.length > 0).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('responsesAsChatCalls', () => {
  test('keeps function_call items only, as Chat calls with the call_id as id', () => {
    expect(
      responsesAsChatCalls([
        { type: 'message', content: [] },
        { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'x', arguments: '{}' },
        { type: 'function_call', name: 'y', arguments: '{"a":1}' },
      ]),
    ).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'x', arguments: '{}' } },
      { type: 'function', function: { name: 'y', arguments: '{"a":1}' } },
    ]);
    expect(responsesAsChatCalls(null)).toEqual([]);
  });
});
