/**
 * Tracing a toolbox with OpenTelemetry (docs/guides/observability.md). Run:
 * `bun run --cwd apps/demo example:tracing`.
 */
import { createTool, createToolbox } from '@armorer/core';
import { instrument } from '@armorer/instrumentation';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';

/** Runs the example and returns the finished spans (the test reads them). */
export async function runTracingExample(): Promise<ReadableSpan[]> {
  // 1. An OpenTelemetry SDK: here in memory; in production an OTLP exporter behind a BatchSpanProcessor.
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(provider);

  // 2. A toolbox, created as usual, instrumented afterwards.
  const lookupAccount = createTool({
    name: 'lookupAccount',
    description: 'Look up an account by id',
    input: z.object({ accountId: z.string() }),
    execute: ({ accountId }) => ({ accountId, plan: 'pro' }),
  });
  const toolbox = createToolbox([lookupAccount]);
  const stop = instrument(toolbox, { digests: true });

  // 3. Calls nest under the orchestrator's span (parentContext) and link to it (spanLinks).
  const tracer = trace.getTracer('worker');
  await tracer.startActiveSpan('temporal.activity', async (activitySpan) => {
    await toolbox.execute(
      { id: 'lookup-account', name: 'lookupAccount', arguments: { accountId: 'acct_123' } },
      {
        parentContext: trace.setSpan(context.active(), activitySpan),
        spanLinks: [{ context: activitySpan.spanContext() }],
      },
    );
    await toolbox.execute({ id: 'bad-call', name: 'lookupAccount', arguments: { accountId: 42 } });
    activitySpan.end();
  });

  stop();
  const spans = exporter.getFinishedSpans();
  contextManager.disable();
  context.disable();
  trace.disable();
  return spans;
}

if (import.meta.main) {
  for (const span of await runTracingExample()) {
    console.log(
      span.name,
      JSON.stringify(span.attributes),
      span.events.map((event) => event.name),
    );
  }
}
