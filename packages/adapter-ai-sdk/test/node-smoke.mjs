/**
 * Node smoke test of the built package (run `bun run build` first): ESM import and CJS require of dist, each
 * driving the AI SDK (ESM-only, loaded by Node 22) through a loop with an approval in it, and importing an
 * AI SDK tool set (the dynamic `import('ai')` of the CJS build). Exits non-zero on failure.
 *
 *   node test/node-smoke.mjs        (Node >= 22)
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as coreEsm from '@armorer/core';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

const require = createRequire(import.meta.url);
const esm = await import('../dist/index.js');
const cjs = require('../dist/index.cjs');
// A CommonJS program gets core's CommonJS build too: toolboxes are made and read by the same copy.
const coreCjs = require('@armorer/core');
assert.equal(typeof globalThis.Bun, 'undefined', 'run this with Node, not Bun');

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
function model(turns) {
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const content = turns.shift() ?? [];
      const finish = content[0]?.type === 'tool-call' ? 'tool-calls' : 'stop';
      return { content, finishReason: { unified: finish, raw: undefined }, usage, warnings: [] };
    },
  });
}

for (const [format, mod, { createTool, createToolbox }] of [
  ['esm', esm, coreEsm],
  ['cjs', cjs, coreCjs],
]) {
  let paid = 0;
  const pay = createTool({
    name: 'send.payment',
    description: 'Send money',
    execute: () => {
      paid++;
      return { paid: true };
    },
    policy: {
      beforeExecute: ({ approval }) =>
        approval?.approved === true ? undefined : { status: 'needs_approval', reason: 'a person decides' },
    },
  });
  const toolbox = createToolbox([pay], { approvalSecret: 'node-smoke-secret-0123456789abcdef' });
  const requestContext = { authority: { principalId: 'u1', tenantId: 't1' } };
  const tools = mod.toAISDKTools(toolbox, { callOptions: { requestContext } });
  assert.deepEqual(Object.keys(tools), ['send_payment'], `${format}: declared names`);

  const messages = [{ role: 'user', content: 'pay' }];
  const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'send_payment', input: '{}' };
  const first = await generateText({ model: model([[call]]), tools, stopWhen: stepCountIs(3), messages });
  const request = first.content.find((part) => part.type === 'tool-approval-request');
  assert.ok(request, `${format}: the paused call is an approval request`);
  assert.equal(paid, 0, `${format}: nothing ran before the approval`);
  messages.push(...first.response.messages, {
    role: 'tool',
    content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }],
  });
  const second = await generateText({
    model: model([[{ type: 'text', text: 'done' }]]),
    tools,
    stopWhen: stepCountIs(3),
    messages,
  });
  assert.equal(second.text, 'done', `${format}: the loop finished`);
  assert.equal(paid, 1, `${format}: the approved call ran once`);

  const imported = await mod.fromAISDKTools({
    echo: tool({
      description: 'Echo',
      inputSchema: jsonSchema({
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
      }),
      execute: async ({ text }) => text,
    }),
  });
  const echoed = await imported.execute({ name: 'echo', arguments: { text: 'hi' } });
  assert.equal(echoed.result, 'hi', `${format}: an imported AI SDK tool runs`);
}
console.log('adapter-ai-sdk node smoke: esm and cjs ok');
