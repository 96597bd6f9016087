import { createTool } from '@armorer/core';
import { z } from 'zod';

/** A tool that counts its executions and echoes its arguments after an optional delay. */
export function makeCountingTool(
  options: { readonly name?: string; readonly delayMs?: number; readonly mutates?: boolean } = {},
) {
  const state = { executions: 0 };
  const tool = createTool({
    name: options.name ?? 'lookup',
    description: 'Looks a key up',
    input: z.object({ key: z.string(), page: z.number().optional() }),
    ...(options.mutates === undefined ? {} : { metadata: { mutates: options.mutates } }),
    async execute({ key, page }) {
      const execution = ++state.executions;
      if (options.delayMs !== undefined) await delay(options.delayMs);
      return { key, page: page ?? 1, execution };
    },
  });
  return { tool, state };
}

/** A promise that settles after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A controllable clock for TTL and window tests. */
export function createClock(start = 1_000_000) {
  const clock = { now: start, advance: (ms: number) => (clock.now += ms), read: () => clock.now };
  return clock;
}
