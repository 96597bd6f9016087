// Start-up baseline (CommonJS): Zod validates one call's arguments, then the function runs.
const { z } = require('zod');

const schema = z.object({ a: z.number(), b: z.number() });
const add = async ({ a, b }) => a + b;
const parsed = schema.safeParse({ a: 1, b: 2 });
if (!parsed.success) process.exit(1);
add(parsed.data).then((sum) => {
  if (sum !== 3) process.exit(1);
});
