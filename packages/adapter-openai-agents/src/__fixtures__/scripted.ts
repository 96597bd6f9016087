import { createTool } from '@armorer/core';
import type { ModelRequest } from '@openai/agents';
import { z } from 'zod';

/** The tool outputs a model request carries back, by call id. */
export function outputsOf(request: Readonly<ModelRequest>): Record<string, string> {
  const outputs: Record<string, string> = {};
  const items = Array.isArray(request.input) ? request.input : [];
  for (const item of items) {
    const entry = item as { type?: string; callId?: string; output?: unknown };
    if (entry.type !== 'function_call_result' || entry.callId === undefined) continue;
    const output = entry.output as { text?: string } | string;
    outputs[entry.callId] = typeof output === 'string' ? output : (output.text ?? JSON.stringify(output));
  }
  return outputs;
}

/** The error code inside a tool output, when it is one. */
export function errorCode(output: string | undefined): string | undefined {
  try {
    return (JSON.parse(output ?? '') as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

/** Tools with a call counter, for proving what ran. */
export function makeTools() {
  const runs = { add: 0, refund: 0, wipe: 0, boom: 0 };
  const add = createTool({
    name: 'add-numbers',
    description: 'Add two numbers',
    input: z.object({ a: z.number(), b: z.number() }),
    execute: ({ a, b }) => {
      runs.add++;
      return a + b;
    },
  });
  const refund = createTool({
    name: 'refund.order',
    description: 'Refund an order',
    input: z.object({ orderId: z.string(), amount: z.number().positive() }),
    tags: ['payments'],
    policy: {
      beforeExecute: ({ params }) =>
        (params.amount as number) > 100
          ? { status: 'needs_approval', reason: 'Refunds over 100 need a person' }
          : params.orderId === 'fraud'
            ? { allow: false, reason: 'order flagged as fraud' }
            : undefined,
    },
    execute: ({ orderId, amount }) => {
      runs.refund++;
      return { refunded: orderId, amount };
    },
  });
  const wipe = createTool({
    name: 'wipe-database',
    description: 'Delete everything',
    tags: ['admin'],
    execute: () => {
      runs.wipe++;
      return 'wiped';
    },
  });
  const boom = createTool({
    name: 'boom',
    description: 'Always fails',
    execute: () => {
      runs.boom++;
      throw new Error('exploded');
    },
  });
  return { runs, tools: [add, refund, wipe, boom] };
}
