import { createTool, createToolbox } from '@armorer/core';
import { tool as agentsTool, RunContext } from '@openai/agents-core';
import { z } from 'zod';

/** The arguments every benchmark sends; every case must resolve to 3. */
export const ARGS = { a: 1, b: 2 } as const;
const ARGS_JSON = JSON.stringify(ARGS);
/** Distinct pre-built calls the toolbox cases cycle through (a power of two). */
const RING = 4096;

/** The one schema and the one implementation every contender shares. */
export const addSchema = z.object({ a: z.number(), b: z.number() });
export const add = async ({ a, b }: { a: number; b: number }): Promise<number> => a + b;
/**
 * The same sum from an implementation that awaits once, so its promise is still pending when it returns
 * (as with any I/O): under Bun a call of `add` ends inside `execute()`, a call of this one cannot.
 */
export const addAfterAwait = async ({ a, b }: { a: number; b: number }): Promise<number> => {
  await null;
  return a + b;
};

/** One benchmarked function: a name for the table and a call that resolves to the sum. */
export interface BenchCase {
  readonly key: CaseKey;
  readonly label: string;
  readonly run: () => Promise<unknown>;
}

export type CaseKey =
  | 'baseline'
  | 'toolbox'
  | 'callable'
  | 'toolboxJson'
  | 'agentsCore'
  | 'baselineWaiting'
  | 'toolboxWaiting'
  | 'agentsCoreWaiting';

/** Builds the contenders once; the returned closures are what the benchmark times. */
export function createBenchCases(): readonly BenchCase[] {
  const addTool = createTool({
    name: 'add',
    description: 'Add two numbers together',
    input: addSchema,
    execute: add,
  });
  const toolbox = createToolbox([addTool]);
  const waitingToolbox = createToolbox([
    createTool({
      name: 'add',
      description: 'Add two numbers together',
      input: addSchema,
      execute: addAfterAwait,
    }),
  ]);

  const agentsAdd = agentsTool({
    name: 'add',
    description: 'Add two numbers together',
    parameters: addSchema,
    execute: add,
  });
  const agentsAddWaiting = agentsTool({
    name: 'add',
    description: 'Add two numbers together',
    parameters: addSchema,
    execute: addAfterAwait,
  });
  const runContext = new RunContext();

  // Inputs are built outside the timed functions for every contender, as the baseline's ARGS is: a ring of
  // calls with distinct ids (a provider sends the call object; building its id string is not armorer's work).
  const calls = Array.from({ length: RING }, (_, index) => ({
    id: `call-${index}`,
    name: 'add',
    arguments: ARGS,
  }));
  const jsonCalls = Array.from({ length: RING }, (_, index) => ({
    id: `call-${index}`,
    name: 'add',
    arguments: ARGS_JSON,
  }));
  let sequence = 0;
  return [
    {
      key: 'baseline',
      label: 'baseline: safeParse + await fn',
      run: async () => {
        const parsed = addSchema.safeParse(ARGS);
        if (!parsed.success) throw parsed.error;
        return await add(parsed.data);
      },
    },
    {
      key: 'toolbox',
      label: 'armorer: toolbox.execute(call)',
      run: async () => {
        const result = await toolbox.execute(calls[sequence++ & (RING - 1)] as (typeof calls)[number]);
        return result.result;
      },
    },
    {
      key: 'callable',
      label: 'armorer: await tool(args)',
      run: () => addTool(ARGS),
    },
    {
      key: 'toolboxJson',
      label: 'armorer: toolbox.execute(JSON args)',
      run: async () => {
        const result = await toolbox.execute(
          jsonCalls[sequence++ & (RING - 1)] as (typeof jsonCalls)[number],
        );
        return result.result;
      },
    },
    {
      key: 'agentsCore',
      label: 'agents-core: tool.invoke(ctx, JSON)',
      run: () => agentsAdd.invoke(runContext, ARGS_JSON),
    },
    {
      key: 'baselineWaiting',
      label: 'awaiting impl: safeParse + await fn',
      run: async () => {
        const parsed = addSchema.safeParse(ARGS);
        if (!parsed.success) throw parsed.error;
        return await addAfterAwait(parsed.data);
      },
    },
    {
      key: 'toolboxWaiting',
      label: 'awaiting impl: toolbox.execute(call)',
      run: async () => {
        const result = await waitingToolbox.execute(calls[sequence++ & (RING - 1)] as (typeof calls)[number]);
        return result.result;
      },
    },
    {
      key: 'agentsCoreWaiting',
      label: 'awaiting impl: agents-core tool.invoke',
      run: () => agentsAddWaiting.invoke(runContext, ARGS_JSON),
    },
  ];
}
