/**
 * The small programs the rehearsal's consumers run, under Node 22 and Bun, as ESM (`main.mjs`) and CJS
 * (`main.cjs`). Each builds a tool, executes a good and a bad call, exports the toolbox to OpenAI both through
 * the lazy `toolbox.toOpenAITools()` (core loads the installed adapter on demand) and through the adapter
 * directly, checks the two agree, and prints the installed versions as one JSON line.
 */
export type ConsumerKind = 'core-openai' | 'umbrella' | 'upgrade';

interface Imports {
  core: string;
  adapter: string;
  extra?: { specifier: string; name: string };
}

const imports: Record<ConsumerKind, Imports> = {
  'core-openai': { core: '@armorer/core', adapter: '@armorer/adapter-openai' },
  umbrella: {
    core: 'armorer',
    adapter: 'armorer/adapters/openai',
    extra: { specifier: 'armorer/middleware', name: 'createTimeoutMiddleware' },
  },
  upgrade: {
    core: '@armorer/core',
    adapter: '@armorer/adapter-openai',
    extra: { specifier: '@armorer/middleware', name: 'createTimeoutMiddleware' },
  },
};

const body = (versionsOf: string[], extraName: string | undefined) => `
  const add = createTool({
    name: 'add-numbers',
    description: 'Add two numbers',
    input: z.object({ a: z.number(), b: z.number() }),
    async execute({ a, b }) {
      return a + b;
    },
  });
  const toolbox = createToolbox([add]);
  const good = await toolbox.execute({ id: 'call-1', name: 'add-numbers', arguments: '{"a":5,"b":3}' });
  if (good.result !== 8) throw new Error('expected 8, got ' + JSON.stringify(good));
  const bad = await toolbox.execute({ id: 'call-2', name: 'add-numbers', arguments: '{"a":"five"}' });
  if (!bad.error || typeof bad.error.category !== 'string') throw new Error('expected a ToolError: ' + JSON.stringify(bad));
  const lazy = await toolbox.toOpenAITools();
  const direct = toOpenAITools([add]);
  if (JSON.stringify(lazy) !== JSON.stringify(direct)) throw new Error('lazy and direct OpenAI exports differ');
  if (lazy[0].function.name !== 'add-numbers') throw new Error('unexpected export ' + JSON.stringify(lazy));
  ${extraName ? `if (typeof extra.${extraName} !== 'function') throw new Error('${extraName} is missing');` : ''}
  const versions = {};
  for (const name of ${JSON.stringify(versionsOf)}) versions[name] = requireFromHere(name + '/package.json').version;
  console.log(JSON.stringify({ runtime: typeof Bun === 'undefined' ? 'node ' + process.version : 'bun ' + Bun.version, result: good.result, error: bad.error.code, versions }));
`;

/** `main.mjs` and `main.cjs` for one kind of consumer; `versionsOf` names the packages whose versions print. */
export function programs(kind: ConsumerKind, versionsOf: string[]): { mjs: string; cjs: string } {
  const { core, adapter, extra } = imports[kind];
  const mjs = [
    `import { createRequire } from 'node:module';`,
    `import { createTool, createToolbox } from '${core}';`,
    `import { toOpenAITools } from '${adapter}';`,
    extra ? `import * as extra from '${extra.specifier}';` : '',
    `import { z } from 'zod';`,
    `const requireFromHere = createRequire(import.meta.url);`,
    body(versionsOf, extra?.name),
  ].join('\n');
  const cjs = [
    `'use strict';`,
    `const { createTool, createToolbox } = require('${core}');`,
    `const { toOpenAITools } = require('${adapter}');`,
    extra ? `const extra = require('${extra.specifier}');` : '',
    `const { z } = require('zod');`,
    `const requireFromHere = require;`,
    `(async () => {${body(versionsOf, extra?.name)}})().catch((error) => {`,
    `  console.error(error);`,
    `  process.exit(1);`,
    `});`,
  ].join('\n');
  return { mjs, cjs };
}
