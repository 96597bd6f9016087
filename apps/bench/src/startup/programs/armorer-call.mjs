// Start-up contender: the same schema and function as an armorer tool, one call through a toolbox.
import { createTool, createToolbox } from 'armorer';
import { z } from 'zod';

const add = createTool({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  execute: async ({ a, b }) => a + b,
});
const toolbox = createToolbox([add]);
const result = await toolbox.execute({ id: 'call-1', name: 'add', arguments: { a: 1, b: 2 } });
if (result.result !== 3) process.exit(1);
