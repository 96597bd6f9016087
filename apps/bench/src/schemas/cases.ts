import { createTool, createToolbox } from '@armorer/core';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { z } from 'zod';

/** The arguments of every call, and the sum each case must produce. */
export const ARGS = { a: 1, b: 2 } as const;
/** Distinct pre-built calls the cases cycle through (a power of two). */
const RING = 1024;

export type SchemaCaseKey = 'zod' | 'zodOutput' | 'valibot' | 'arktype';

/** One benchmarked call: it resolves to a `ToolResult` whose result holds `sum: 3`. */
export interface SchemaCase {
  readonly key: SchemaCaseKey;
  readonly label: string;
  readonly run: () => Promise<unknown>;
}

/** The result schema of the output case, and the value it validates: one `safeParse` is its cost. */
export const resultSchema = z.object({ sum: z.number() });
export const RESULT = { sum: 3 };

const sum = ({ a, b }: { a: number; b: number }) => ({ sum: a + b });

function cycling(toolbox: ReturnType<typeof createToolbox>, name: string): () => Promise<unknown> {
  const calls = Array.from({ length: RING }, (_, index) => ({ id: `c-${index}`, name, arguments: ARGS }));
  let next = 0;
  return () => toolbox.execute(calls[next++ & (RING - 1)] as (typeof calls)[number]);
}

/** The contenders: the same sum behind a Zod 4 input (with and without an output schema), Valibot and ArkType. */
export function createSchemaCases(): readonly SchemaCase[] {
  const input = z.object({ a: z.number(), b: z.number() });
  const zod = createTool({ name: 'zod', description: 'Sum', input, execute: sum });
  const zodOutput = createTool({
    name: 'zod-output',
    description: 'Sum',
    input,
    output: resultSchema,
    execute: sum,
  });
  const valibot = createTool({
    name: 'valibot',
    description: 'Sum',
    input: toStandardJsonSchema(v.object({ a: v.number(), b: v.number() })),
    execute: sum,
  });
  const arktype = createTool({
    name: 'arktype',
    description: 'Sum',
    input: type({ a: 'number', b: 'number' }),
    execute: sum,
  });
  const toolbox = createToolbox([zod, zodOutput, valibot, arktype]);
  return [
    { key: 'zod', label: 'Zod 4 input, no output schema', run: cycling(toolbox, 'zod') },
    { key: 'zodOutput', label: 'Zod 4 input + output schema', run: cycling(toolbox, 'zod-output') },
    { key: 'valibot', label: 'Valibot input (Standard Schema)', run: cycling(toolbox, 'valibot') },
    { key: 'arktype', label: 'ArkType input (Standard Schema)', run: cycling(toolbox, 'arktype') },
  ];
}
