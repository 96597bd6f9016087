/**
 * Preloaded by `failure-load.test.ts` into a child process: a runtime plugin that makes the failure
 * descriptions chunk fail to load, as a browser that lost its connection would, then runs calls that
 * fail and prints their results as JSON lines.
 */
import { plugin } from 'bun';

plugin({
  name: 'offline failure chunk',
  setup(build) {
    build.onLoad({ filter: /[\\/]stages[\\/]failures\.ts$/ }, () => {
      throw new Error('the network is down');
    });
  },
});

const { z } = await import('zod');
const { createTool } = await import('../../tool/public');
const { createToolbox } = await import('../../toolbox/public');

const tool = createTool({
  name: 'echo',
  description: 'Echo a number',
  input: z.object({ a: z.number() }),
  execute: ({ a }) => {
    if (a < 0) throw new Error('negative');
    return a;
  },
});
const toolbox = createToolbox([tool]);
const settled: string[] = [];
toolbox.addEventListener('settled', (event) => settled.push(event.detail.result.outcome));
const results = [
  await toolbox.execute({ id: 'c1', name: 'echo', arguments: { a: 'not a number' } }),
  await toolbox.execute({ id: 'c2', name: 'echo', arguments: { a: -1 } }),
  await toolbox.execute({ id: 'c3', name: 'echo', arguments: { a: 2 } }),
];
let thrown: unknown;
try {
  await tool({ a: 'x' } as never);
} catch (error) {
  thrown = error;
}
console.log(
  JSON.stringify({
    results: results.map((result) => ({
      outcome: result.outcome,
      result: result.result,
      code: result.error?.code,
      category: result.error?.category,
      message: result.error?.message,
    })),
    settled,
    active: toolbox.activeExecutions,
    thrown: thrown instanceof Error ? { name: thrown.name, message: thrown.message } : String(thrown),
  }),
);
