import { createTool, createToolbox } from '@armorer/core';
import { z } from 'zod';
const addSchema = z.object({ a: z.number(), b: z.number() });
const add = async ({ a, b }: { a: number; b: number }) => a + b;
const toolbox = createToolbox([createTool({ name: 'add', description: 'Add', input: addSchema, execute: add })]);
const calls = Array.from({ length: 4096 }, (_, i) => ({ id: `call-${i}`, name: 'add', arguments: { a: 1, b: 2 } }));
const N = Number(process.argv[2] ?? 2_000_000);
const mode = process.argv[3] ?? 'toolbox';
let s = 0;
const t0 = performance.now();
if (mode === 'toolbox') for (let i = 0; i < N; i++) { const r = await toolbox.execute(calls[i & 4095]!); s += r.result as number; }
else for (let i = 0; i < N; i++) { const p = addSchema.safeParse({ a: 1, b: 2 }); s += await add(p.data!); }
console.log(mode, ((performance.now() - t0) * 1e6 / N).toFixed(1), 'ns/call', s);
