import { createTool, createToolbox, type Toolbox } from '@armorer/core';
import { z } from 'zod';

/** A toolbox exercising every path the MCP server maps: success, validation, throws, policy, progress. */
export function createFixtureToolbox(): Toolbox {
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
    execute: ({ values }) => ({ sum: values.reduce((total, value) => total + value, 0), count: values.length }),
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
    description: 'Reports progress, then waits until cancelled or done',
    input: { steps: z.number().int().min(1).max(10), stepMs: z.number().int().min(0).max(1000) },
    async execute({ steps, stepMs }, { progress, signal }) {
      for (let step = 1; step <= steps; step++) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, stepMs);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        });
        progress({ percent: Math.round((step / steps) * 100), message: `step ${step}` });
      }
      return `done after ${steps} steps`;
    },
  });
  return createToolbox([add, stats, explode, deleteAll, slow], { allowDangerous: false });
}
