import { createTool } from '@armorer/core';
import { z } from 'zod';

/** Tools with call counters, for proving what ran and how often. */
export function makeTools() {
  const runs = { add: 0, weather: 0, pay: 0, boom: 0 };
  const add = createTool({
    name: 'add-numbers',
    description: 'Add two numbers',
    input: z.object({ a: z.number(), b: z.number() }),
    execute: ({ a, b }) => {
      runs.add++;
      return a + b;
    },
  });
  const weather = createTool({
    name: 'weather.get',
    description: 'Current weather for a city',
    input: z.object({ city: z.string(), units: z.enum(['c', 'f']).default('c') }),
    execute: ({ city, units }) => {
      runs.weather++;
      return { city, units, temp: 21 };
    },
  });
  const pay = createTool({
    name: 'send-payment',
    description: 'Send money to a payee',
    input: z.object({ payee: z.string(), cents: z.number().int().positive() }),
    metadata: { mutates: true },
    policy: {
      beforeExecute: ({ params, approval }) => {
        if (params['payee'] === 'mallory') return { allow: false, reason: 'payee is blocked' };
        return approval?.approved === true || (params['cents'] as number) <= 100
          ? undefined
          : { status: 'needs_approval', reason: 'Payments over 1 euro need a person' };
      },
    },
    execute: ({ payee, cents }) => {
      runs.pay++;
      return { paid: payee, cents };
    },
  });
  const boom = createTool({
    name: 'boom',
    description: 'Always fails',
    execute: () => {
      runs.boom++;
      throw new Error('the backend exploded');
    },
  });
  return { runs, tools: [add, weather, pay, boom] };
}

/** A request context: approvals are bound to it, so a resume needs the same one. */
export const requestContext = {
  authority: { principalId: 'user-1', tenantId: 'tenant-1', ownerId: 'session-1' },
  agentId: 'agent-1',
  runId: 'run-1',
};

export const APPROVAL_SECRET = 'ai-sdk-test-secret-0123456789abcdef';
