import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { context, trace } from '@opentelemetry/api';
import fc from 'fast-check';
import { z } from 'zod';
import { createTracing, exportedText } from './__fixtures__/otel';
import { instrument } from './instrument';

const tracing = createTracing();
afterAll(() => tracing.close());
beforeEach(() => tracing.exporter.reset());

/** A toolbox whose every path can carry a planted secret: arguments, results, throws, policies, aborts. */
function plantedToolbox(secret: string) {
  const echo = createTool({
    name: 'echo',
    description: 'echoes',
    input: z.object({ text: z.string() }),
    execute: ({ text }) => ({ echoed: text, extra: secret }),
  });
  const thrower = createTool({
    name: 'thrower',
    description: 'throws',
    input: z.object({ text: z.string() }),
    execute: ({ text }) => {
      throw new Error(`failed on ${text}`);
    },
  });
  const throwsValue = createTool({
    name: 'throws-value',
    description: 'throws a non-Error',
    execute: () => {
      throw { secret };
    },
  });
  const denied = createTool({
    name: 'denied',
    description: 'denied',
    input: z.object({ text: z.string() }),
    policy: { beforeExecute: ({ params }) => ({ allow: false, reason: `denied ${String(params.text)}` }) },
    execute: () => 'never',
  });
  const paused = createTool({
    name: 'paused',
    description: 'needs approval',
    input: z.object({ text: z.string() }),
    policy: { beforeExecute: () => ({ status: 'needs_approval', reason: `approve ${secret}` }) },
    execute: () => 'never',
  });
  const waits = createTool({
    name: 'waits',
    description: 'waits for abort',
    input: z.object({ text: z.string() }),
    execute: (_params, { signal }) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
  });
  const strict = createTool({
    name: 'strict',
    description: 'validates',
    input: z.object({ count: z.number() }),
    execute: () => 1,
  });
  const toolbox = createToolbox([echo, thrower, throwsValue, denied, paused, waits, strict]);
  return toolbox;
}

async function exerciseAll(secret: string, digests: boolean): Promise<void> {
  const toolbox = plantedToolbox(secret);
  instrument(toolbox, { tracer: tracing.tracer, digests });
  const args = { text: secret };
  const parent = tracing.tracer.startSpan('parent');
  const options = { parentContext: trace.setSpan(context.active(), parent) };
  await toolbox.execute(
    [
      { id: 'c1', name: 'echo', arguments: args },
      { id: 'c2', name: 'thrower', arguments: JSON.stringify(args) },
      { id: 'c3', name: 'throws-value' },
      { id: 'c4', name: 'denied', arguments: args },
      { id: 'c5', name: 'paused', arguments: args },
      { id: 'c6', name: 'strict', arguments: { count: secret } },
      { id: 'c7', name: 'strict', arguments: `{"count": "${secret}` },
    ],
    options,
  );
  const byReason = new AbortController();
  const pending = toolbox.execute({ id: 'c8', name: 'waits', arguments: args }, { signal: byReason.signal });
  byReason.abort(new Error(`abort because ${secret}`));
  await pending;
  const byString = new AbortController();
  const second = toolbox.execute({ id: 'c9', name: 'waits', arguments: args }, { signal: byString.signal });
  byString.abort(secret);
  await second;
  const timed = await toolbox.execute({ id: 'c10', name: 'waits', arguments: args }, { timeout: 1 });
  expect(timed.outcome).toBe('error');
  parent.end();
}

describe('nothing privileged reaches a span', () => {
  test('secrets planted in arguments, results, throws, policy reasons and abort reasons', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/), fc.boolean(), async (token, digests) => {
        tracing.exporter.reset();
        const secret = `SECRET${token}`;
        await exerciseAll(secret, digests);
        const spans = tracing.toolSpans();
        expect(spans).toHaveLength(10);
        for (const span of spans) expect(exportedText(span)).not.toContain(secret);
      }),
      { numRuns: 40 },
    );
  });

  test('the results themselves still carry the secrets (the test plants where it claims to)', async () => {
    const secret = 'SECRETplantedvalue123';
    const toolbox = plantedToolbox(secret);
    instrument(toolbox, { tracer: tracing.tracer });
    const echoed = await toolbox.execute({ id: 'x', name: 'echo', arguments: { text: secret } });
    const thrown = await toolbox.execute({ id: 'y', name: 'thrower', arguments: { text: secret } });
    const denied = await toolbox.execute({ id: 'z', name: 'denied', arguments: { text: secret } });
    expect(JSON.stringify(echoed.result)).toContain(secret);
    expect(thrown.error?.message).toContain(secret);
    expect(denied.error?.message).toContain(secret);
    for (const span of tracing.toolSpans()) expect(exportedText(span)).not.toContain(secret);
  });
});
