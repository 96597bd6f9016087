import { createTool, createToolError, ToolFailureError } from '@armorer/core';
import { z } from 'zod';

export const parseNumber = createTool({
  name: 'parse-number',
  description: 'Parse a string to a number',
  input: z.object({ str: z.string() }),
  tags: ['math'],
  async execute({ str }) {
    const value = Number.parseInt(str, 10);
    if (Number.isNaN(value)) throw new Error(`"${str}" is not a number`);
    return { value };
  },
});

export const double = createTool({
  name: 'double',
  description: 'Double a number',
  input: z.object({ value: z.number() }),
  tags: ['math'],
  async execute({ value }) {
    return { value: value * 2 };
  },
});

export const stringify = createTool({
  name: 'stringify',
  description: 'Format a result',
  input: z.object({ value: z.number() }),
  tags: ['format'],
  metadata: { readOnly: true },
  async execute({ value }) {
    return `Result: ${value}`;
  },
});

export const sendEmail = createTool({
  name: 'send-email',
  description: 'Send an email',
  input: z.object({ to: z.string().email(), subject: z.string(), body: z.string() }),
  metadata: { mutates: true },
  async execute({ to, subject }) {
    return `sent "${subject}" to ${to}`;
  },
});

export const fetchPage = createTool({
  name: 'fetch-page',
  description: 'Fetch a page',
  input: z.object({ url: z.string() }),
  risk: { untrustedOutput: true },
  async execute({ url }) {
    return `<html>${url}</html>`;
  },
});

/** A tool that fails with `code` for its first `failures` calls, then succeeds. */
export function makeFlakyTool(
  failures: number,
  code: 'EXECUTION_FAILED' | 'RATE_LIMITED' | 'POLICY_DENIED' = 'EXECUTION_FAILED',
  retryAfterMs?: number,
) {
  const state = { calls: 0 };
  const tool = createTool({
    name: 'flaky',
    description: 'Fails a few times',
    input: z.object({ id: z.string() }),
    async execute({ id }) {
      state.calls++;
      if (state.calls <= failures) {
        throw new ToolFailureError(
          createToolError(
            code,
            `attempt ${state.calls} failed`,
            retryAfterMs === undefined ? undefined : { details: { retryAfterMs } },
          ),
        );
      }
      return { id, calls: state.calls };
    },
  });
  return { tool, state };
}
