/**
 * A Vercel AI SDK loop over armorer tools, with a human approval in it (docs/guides/ai-sdk.md). The AI SDK's
 * own mock model stands in for a provider, so it runs offline. Run: `bun run --cwd apps/demo example:ai-sdk`.
 */
import { createAISDKToolCallRepair, toAISDKTools } from '@armorer/adapter-ai-sdk';
import { createTool, createToolbox } from '@armorer/core';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A model that answers each request with the next scripted turn (a real model decides these). */
function scriptedModel(
  turns: (
    | { type: 'text'; text: string }
    | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }
  )[][],
) {
  let turn = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const content = turns[turn++] ?? [{ type: 'text', text: '' }];
      const calls = content.some((part) => part.type === 'tool-call');
      return {
        content,
        finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

/** Runs the example and returns what happened (the test reads it). */
export async function runAISDKExample() {
  let refunds = 0;
  const lookup = createTool({
    name: 'orders.lookup',
    description: 'Find an order by id',
    input: z.object({ orderId: z.string() }),
    execute: ({ orderId }) => ({ orderId, total: 250, status: 'delivered' }),
  });
  const refund = createTool({
    name: 'refund-order',
    description: 'Refund an order',
    input: z.object({ orderId: z.string(), amount: z.number().positive() }),
    metadata: { mutates: true },
    policy: {
      beforeExecute: ({ params, approval }) =>
        approval?.approved === true || (params['amount'] as number) <= 100
          ? undefined
          : { status: 'needs_approval', reason: 'Refunds over 100 need a person' },
    },
    execute: ({ orderId, amount }) => {
      refunds++;
      return { refunded: orderId, amount };
    },
  });
  // Approvals are signed with this secret and bound to the request context of the call.
  const toolbox = createToolbox([lookup, refund], { approvalSecret: 'demo-secret-0123456789abcdef0123' });
  const requestContext = { authority: { principalId: 'user-42', tenantId: 'shop-1' } };
  const tools = toAISDKTools(toolbox, { callOptions: { requestContext } });
  const repair = createAISDKToolCallRepair(toolbox);

  // Request 1: the model looks the order up, then asks for a refund, which armorer pauses for approval.
  const messages: ModelMessage[] = [{ role: 'user', content: 'Refund order A-7 in full.' }];
  const first = await generateText({
    model: scriptedModel([
      [{ type: 'tool-call', toolCallId: 'c1', toolName: 'orders_lookup', input: '{"orderId":"A-7"}' }],
      [
        {
          type: 'tool-call',
          toolCallId: 'c2',
          toolName: 'refund-order',
          input: '{"orderId":"A-7","amount":250}',
        },
      ],
    ]),
    tools,
    experimental_repairToolCall: repair,
    stopWhen: stepCountIs(5),
    messages,
  });
  messages.push(...first.response.messages);
  const requests = first.content.filter((part) => part.type === 'tool-approval-request');

  // A person approves in your UI; the answer goes back as a tool message.
  messages.push({
    role: 'tool',
    content: requests.map((request) => ({
      type: 'tool-approval-response',
      approvalId: request.approvalId,
      approved: true,
    })),
  });

  // Request 2: the AI SDK runs the approved call; armorer resumes it once, under the same request context.
  const second = await generateText({
    model: scriptedModel([[{ type: 'text', text: 'Refunded 250 on order A-7.' }]]),
    tools,
    experimental_repairToolCall: repair,
    stopWhen: stepCountIs(5),
    messages,
  });
  return { steps: first.steps.length, approvals: requests.length, refunds, text: second.text };
}

if (import.meta.main) console.log(await runAISDKExample());
