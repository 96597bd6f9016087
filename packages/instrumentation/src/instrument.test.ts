import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import fc from 'fast-check';
import { z } from 'zod';
import { createTracing } from './__fixtures__/otel';
import { digestOf } from './digest';
import { instrument } from './instrument';

const tracing = createTracing();
afterAll(() => tracing.close());
beforeEach(() => tracing.exporter.reset());

const add = createTool({
  name: 'add-numbers',
  description: 'Add two numbers together',
  input: z.object({ a: z.number(), b: z.number() }),
  execute: async ({ a, b }) => a + b,
});
const silent = createTool({ name: 'silent', description: '', execute: () => 'ok' });

function makeToolbox() {
  const toolbox = createToolbox([add, silent]);
  instrument(toolbox, { tracer: tracing.tracer });
  return toolbox;
}

describe('instrument', () => {
  test('one execute_tool span of kind INTERNAL per call, with exactly the convention attributes', async () => {
    const toolbox = makeToolbox();
    await toolbox.execute({ id: 'call-1', name: 'add-numbers', arguments: { a: 1, b: 2 } });
    const [span, ...rest] = tracing.toolSpans();
    expect(rest).toHaveLength(0);
    expect(span?.name).toBe('execute_tool add-numbers');
    expect(span?.kind).toBe(SpanKind.INTERNAL);
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.events).toHaveLength(0);
    const { 'armorer.tool.execution_id': executionId, ...attributes } = span?.attributes ?? {};
    expect(typeof executionId).toBe('string');
    expect(attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'add-numbers',
      'gen_ai.tool.call.id': 'call-1',
      'gen_ai.tool.description': 'Add two numbers together',
      'armorer.tool.status': 'success',
    });
    await toolbox.execute({ id: 'call-2', name: 'silent' });
    expect(tracing.toolSpans()[1]?.attributes['gen_ai.tool.description']).toBeUndefined();
  });

  test('errors carry error.type, the code and an exception event with a fixed message', async () => {
    const boom = createTool({
      name: 'boom',
      description: 'fails',
      execute: () => {
        throw new TypeError('disk on fire');
      },
    });
    const toolbox = createToolbox([add, boom], {
      policy: { beforeExecute: ({ toolName }) => (toolName === 'add-numbers' ? undefined : undefined) },
    });
    instrument(toolbox, { tracer: tracing.tracer });
    await toolbox.execute({ id: 'v', name: 'add-numbers', arguments: { a: 'x' } });
    await toolbox.execute({ id: 'e', name: 'boom' });
    const [invalid, failed] = tracing.toolSpans();
    expect(invalid?.attributes['error.type']).toBe('validation');
    expect(invalid?.attributes['armorer.tool.error_code']).toBe('INVALID_ARGUMENTS');
    expect(invalid?.attributes['armorer.tool.status']).toBe('error');
    expect(failed?.attributes['error.type']).toBe('execution');
    expect(failed?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'EXECUTION_FAILED' });
    const event = failed?.events[0];
    expect(event?.name).toBe('exception');
    expect(event?.attributes?.['exception.type']).toBe('EXECUTION_FAILED');
    expect(String(event?.attributes?.['exception.message'])).not.toContain('disk on fire');
    expect(event?.attributes?.['exception.stacktrace']).toBeUndefined();
    expect(failed?.attributes['armorer.tool.cancellation_category']).toBeUndefined();
  });

  test('a denial is an error span; approval pauses are not errors', async () => {
    const gated = createTool({
      name: 'gated',
      description: 'gated',
      input: z.object({ mode: z.string() }),
      policy: {
        beforeExecute: ({ params }) =>
          params.mode === 'deny' ? { allow: false, reason: 'nope' } : { status: 'needs_approval' },
      },
      execute: () => 'done',
    });
    const toolbox = createToolbox([gated]);
    instrument(toolbox, { tracer: tracing.tracer });
    await toolbox.execute({ id: 'd', name: 'gated', arguments: { mode: 'deny' } });
    await toolbox.execute({ id: 'a', name: 'gated', arguments: { mode: 'ask' } });
    const [denied, paused] = tracing.toolSpans();
    expect(denied?.attributes['error.type']).toBe('policy');
    expect(denied?.attributes['armorer.tool.status']).toBe('denied');
    expect(denied?.events.map((event) => event.name)).toEqual(['exception']);
    expect(paused?.attributes['armorer.tool.status']).toBe('action_required');
    expect(paused?.attributes['error.type']).toBeUndefined();
    expect(paused?.status.code).toBe(SpanStatusCode.UNSET);
  });

  test('a cancellation reports its category only: no exception event, a fixed status message', async () => {
    const wait = createTool({
      name: 'wait',
      description: 'waits',
      execute: (_params, { signal }) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    });
    const toolbox = createToolbox([wait]);
    instrument(toolbox, { tracer: tracing.tracer });
    const controller = new AbortController();
    const pending = toolbox.execute({ id: 'w', name: 'wait' }, { signal: controller.signal });
    controller.abort(new Error('the reason is private'));
    expect((await pending).outcome).toBe('cancelled');
    const [span] = tracing.toolSpans();
    expect(span?.attributes['error.type']).toBe('cancelled');
    expect(span?.attributes['armorer.tool.cancellation_category']).toBe('cancelled');
    expect(span?.events).toHaveLength(0);
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Cancelled' });
  });

  test('parentContext nests every call of a batch; spanLinks are attached', async () => {
    const toolbox = makeToolbox();
    const activity = tracing.tracer.startSpan('temporal.activity');
    const results = await toolbox.execute(
      [
        { id: 'b1', name: 'add-numbers', arguments: { a: 1, b: 1 } },
        { id: 'b2', name: 'add-numbers', arguments: { a: 2, b: 2 } },
        { id: 'b3', name: 'silent' },
      ],
      {
        parentContext: trace.setSpan(context.active(), activity),
        spanLinks: [{ context: activity.spanContext(), attributes: { reason: 'orchestrator', bad: {} } }],
      },
    );
    activity.end();
    expect(results.map((result) => result.outcome)).toEqual(['success', 'success', 'success']);
    const spans = tracing.toolSpans();
    expect(spans).toHaveLength(3);
    for (const span of spans) {
      expect(span.spanContext().traceId).toBe(activity.spanContext().traceId);
      expect(span.parentSpanContext?.spanId).toBe(activity.spanContext().spanId);
      expect(span.links).toHaveLength(1);
      expect(span.links[0]?.context.spanId).toBe(activity.spanContext().spanId);
      expect(span.links[0]?.attributes).toEqual({ reason: 'orchestrator' });
    }
  });

  test('without parentContext a span nests under the active span; tools that call tools nest under theirs', async () => {
    const toolbox = makeToolbox();
    const outer = createTool({
      name: 'outer',
      description: 'calls add-numbers',
      execute: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return (await toolbox.execute({ id: 'inner', name: 'add-numbers', arguments: { a: 1, b: 1 } }))
          .result;
      },
    });
    toolbox.register(outer);
    await tracing.tracer.startActiveSpan('agent.turn', async (turn) => {
      await toolbox.execute({ id: 'outer', name: 'outer' });
      turn.end();
    });
    const byCall = new Map(tracing.toolSpans().map((span) => [span.attributes['gen_ai.tool.call.id'], span]));
    const turn = tracing.spans().find((span) => span.name === 'agent.turn');
    expect(byCall.get('outer')?.parentSpanContext?.spanId).toBe(turn?.spanContext().spanId);
    expect(byCall.get('inner')?.parentSpanContext?.spanId).toBe(byCall.get('outer')?.spanContext().spanId);
  });

  test('digests only when asked for, independent of key order and of JSON strings', async () => {
    const plain = makeToolbox();
    await plain.execute({ id: 'p', name: 'add-numbers', arguments: { a: 1, b: 2 } });
    expect(Object.keys(tracing.toolSpans()[0]?.attributes ?? {}).some((key) => key.includes('digest'))).toBe(
      false,
    );
    const digested = createToolbox([add]);
    instrument(digested, { tracer: tracing.tracer, digests: true });
    await digested.execute({ id: 'd1', name: 'add-numbers', arguments: { b: 2, a: 1 } });
    await digested.execute({ id: 'd2', name: 'add-numbers', arguments: '{"a":1,"b":2}' });
    const [, first, second] = tracing.toolSpans();
    expect(first?.attributes['armorer.tool.input_digest']).toBe(digestOf({ a: 1, b: 2 }) as string);
    expect(second?.attributes['armorer.tool.input_digest']).toBe(
      first?.attributes['armorer.tool.input_digest'],
    );
    expect(first?.attributes['armorer.tool.output_digest']).toBe(digestOf(3) as string);
  });

  test('instrumenting after creation, stopping, and the global no-op tracer', async () => {
    const toolbox = createToolbox([add]);
    await toolbox.execute({ id: 'before', name: 'add-numbers', arguments: { a: 1, b: 1 } });
    const stop = instrument(toolbox, { tracerProvider: tracing.provider });
    await toolbox.execute({ id: 'during', name: 'add-numbers', arguments: { a: 1, b: 1 } });
    stop();
    await toolbox.execute({ id: 'after', name: 'add-numbers', arguments: { a: 1, b: 1 } });
    expect(tracing.toolSpans().map((span) => span.attributes['gen_ai.tool.call.id'])).toEqual(['during']);
    expect(tracing.toolSpans()[0]?.instrumentationScope.name).toBe('armorer');

    // No provider registered globally: the global tracer is a no-op and calls behave the same.
    const untraced = createToolbox([add]);
    instrument(untraced);
    const result = await untraced.execute({ id: 'noop', name: 'add-numbers', arguments: { a: 2, b: 3 } });
    expect(result.result).toBe(5);
    expect(tracing.toolSpans()).toHaveLength(1);
    // Registering an SDK later turns the same instrumentation on.
    trace.setGlobalTracerProvider(tracing.provider);
    await untraced.execute({ id: 'registered', name: 'add-numbers', arguments: { a: 2, b: 3 } });
    expect(tracing.toolSpans().map((span) => span.attributes['gen_ai.tool.call.id'])).toEqual([
      'during',
      'registered',
    ]);
    trace.disable();
    expect(() => instrument({})).toThrow(TypeError);
  });

  test('hostile parentContext and spanLinks never change a result', async () => {
    const toolbox = makeToolbox();
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), async (parentContext, spanLinks) => {
        calls++;
        const result = await toolbox.execute({ id: 'h', name: 'add-numbers', arguments: { a: 1, b: 2 } }, {
          parentContext,
          spanLinks,
        } as never);
        expect(result.outcome).toBe('success');
        expect(result.result).toBe(3);
      }),
      { numRuns: 200 },
    );
    // Every call still got exactly one finished span: bad options fall back, no span is left open.
    expect(tracing.toolSpans()).toHaveLength(calls);
  });
});
