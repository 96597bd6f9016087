// Start-up baseline: Zod validates one call's arguments, then the function runs.
import { z } from 'zod';

const schema = z.object({ a: z.number(), b: z.number() });
const add = async ({ a, b }) => a + b;
const parsed = schema.safeParse({ a: 1, b: 2 });
if (!parsed.success || (await add(parsed.data)) !== 3) process.exit(1);
