import { createTool, createToolbox, type Toolbox } from '@armorer/core';
import { z } from 'zod';

/** Options of {@link createFixtureToolbox}. */
export interface FixtureOptions {
  /** Called by the `swap-toolbox` tool: the host replaces the served toolbox (list_changed). */
  readonly onSwap?: () => Promise<void>;
}

/** The toolbox `swap-toolbox` switches to. */
export function createEchoToolbox(): Toolbox {
  const echo = createTool({
    name: 'echo',
    description: 'Echo the text back',
    input: { text: z.string() },
    execute: ({ text }) => text,
  });
  return createToolbox([echo]);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * A toolbox exercising every path the MCP server maps: success, structured output, validation,
 * throws, policy denial, progress, cancellation (observable through `cancellations`) and a toolbox swap.
 */
export function createFixtureToolbox(options: FixtureOptions = {}): Toolbox {
  let cancelled = 0;
  const add = createTool({
    name: 'add-numbers',
    description: 'Add two numbers',
    input: { a: z.number(), b: z.number() },
    metadata: { readOnly: true, idempotent: true },
    execute: ({ a, b }) => a + b,
  });
  const stats = createTool({
    name: 'stats',
    description: 'Sum and count of numbers',
    input: { values: z.array(z.number()) },
    metadata: { readOnly: true, outputSchema: z.object({ sum: z.number(), count: z.number() }) },
    execute: ({ values }) => ({
      sum: values.reduce((total, value) => total + value, 0),
      count: values.length,
    }),
  });
  const explode = createTool({
    name: 'explode',
    description: 'Always throws',
    metadata: { mutates: true },
    execute: () => {
      throw new Error('kaboom');
    },
  });
  const deleteAll = createTool({
    name: 'delete-all',
    description: 'Dangerous; denied by policy',
    metadata: { dangerous: true },
    risk: { untrustedOutput: true },
    execute: () => 'deleted',
  });
  const slow = createTool({
    name: 'slow',
    description: 'Reports progress step by step; stops when cancelled',
    input: { steps: z.number().int().min(1).max(100), stepMs: z.number().int().min(0).max(60_000) },
    async execute({ steps, stepMs }, { progress, signal }) {
      try {
        for (let step = 1; step <= steps; step++) {
          await sleep(stepMs, signal);
          progress({ percent: Math.round((step / steps) * 100), message: `step ${step}` });
        }
      } catch (error) {
        if (signal.aborted) cancelled++;
        throw error;
      }
      return `done after ${steps} steps`;
    },
  });
  const cancellations = createTool({
    name: 'cancellations',
    description: 'How many slow calls saw their signal abort',
    metadata: { readOnly: true },
    execute: () => cancelled,
  });
  const swap = createTool({
    name: 'swap-toolbox',
    description: 'Replace the served toolbox with the echo toolbox',
    execute: async () => {
      await options.onSwap?.();
      return 'swapped';
    },
  });
  return createToolbox([add, stats, explode, deleteAll, slow, cancellations, swap], {
    allowDangerous: false,
  });
}

/** Tool names of the fixture toolbox, in order. */
export const FIXTURE_TOOL_NAMES = [
  'add-numbers',
  'stats',
  'explode',
  'delete-all',
  'slow',
  'cancellations',
  'swap-toolbox',
];
