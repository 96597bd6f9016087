import { describe, expect, test } from 'bun:test';
import { runAISDKExample } from './ai-sdk';
import { runOpenAIAgentsExample } from './openai-agents';
import { runTracingExample } from './tracing';

describe('the guides run', () => {
  test('observability: spans nest under the activity, link to it, and carry no arguments', async () => {
    const spans = await runTracingExample();
    const tool = spans.filter((span) => span.name === 'execute_tool lookupAccount');
    const activity = spans.find((span) => span.name === 'temporal.activity');
    expect(tool).toHaveLength(2);
    expect(tool[0]?.parentSpanContext?.spanId).toBe(activity?.spanContext().spanId);
    expect(tool[0]?.links).toHaveLength(1);
    expect(tool[1]?.attributes['error.type']).toBe('validation');
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('acct_123');
  });

  test('openai agents: the large refund interrupts, the rest runs or is refused', async () => {
    const outcome = await runOpenAIAgentsExample();
    expect(outcome.pending).toEqual(['refund_order']);
    expect(outcome.finalOutput).toContain('Refunded A-1');
  });

  test('ai sdk: a multi-step loop pauses the large refund; the approval runs it once', async () => {
    expect(await runAISDKExample()).toEqual({
      steps: 2,
      approvals: 1,
      refunds: 1,
      text: 'Refunded 250 on order A-7.',
    });
  });
});
