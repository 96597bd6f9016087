/**
 * An OpenAI Agents SDK agent using armorer tools, gated by armorer policy (docs/guides/openai-agents.md).
 * A scripted model stands in for OpenAI, so it runs offline. Run:
 * `bun run --cwd apps/demo example:openai-agents`.
 */
import { createOpenAIToolGate } from '@armorer/adapter-openai-agents';
import { createTool, createToolbox } from '@armorer/core';
import { Agent, Runner, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents-core/testing';
import { z } from 'zod';

/** Runs the example and returns what happened (the test reads it). */
export async function runOpenAIAgentsExample() {
  setTracingDisabled(true);
  const refund = createTool({
    name: 'refund-order',
    description: 'Refund an order',
    input: z.object({ orderId: z.string(), amount: z.number().positive() }),
    policy: {
      beforeExecute: ({ params }) =>
        (params.amount as number) > 100 ? { status: 'needs_approval', reason: 'Large refund' } : undefined,
    },
    execute: ({ orderId, amount }) => ({ refunded: orderId, amount }),
  });
  const dropTables = createTool({
    name: 'drop-tables',
    description: 'Drop every table',
    tags: ['admin'],
    execute: () => 'dropped',
  });
  const toolbox = createToolbox([refund, dropTables]);

  const gate = createOpenAIToolGate(toolbox, {
    block: (tool) => (tool.configuration.tags.includes('admin') ? 'admin tools are disabled' : undefined),
  });

  // A real model would decide these calls; the scripted one makes them in order.
  const model = new ScriptedModel([
    [
      functionCall('refund_order', { orderId: 'A-1', amount: 20 }, { callId: 'small' }),
      functionCall('drop_tables', {}, { callId: 'drop' }),
      functionCall('refund_order', { orderId: 'B-2', amount: 500 }, { callId: 'large' }),
    ],
    [assistantMessage('Refunded A-1; B-2 needs a person; I cannot drop tables.')],
  ]);
  const agent = new Agent({ name: 'Support', instructions: 'Help with refunds.', model, tools: gate.tools });
  const runner = new Runner({ tracingDisabled: true });

  const first = await runner.run(agent, 'Refund A-1 (20) and B-2 (500), then drop the tables.');
  const pending = first.interruptions.map((item) => item.name);
  // A person decides; here: reject the large refund.
  for (const interruption of first.interruptions) {
    first.state.reject(interruption, { message: 'A supervisor declined this refund.' });
  }
  const second = await runner.run(agent, first.state);
  return { pending, finalOutput: second.finalOutput, items: second.newItems.length };
}

if (import.meta.main) console.log(await runOpenAIAgentsExample());
