import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** A real SDK tracer provider exporting to memory, and an async context manager for nesting. */
export function createTracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  return {
    exporter,
    provider,
    tracer: provider.getTracer('test'),
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    toolSpans: (): ReadableSpan[] =>
      exporter.getFinishedSpans().filter((span) => span.name.startsWith('execute_tool ')),
    close() {
      contextManager.disable();
      context.disable();
      trace.disable();
    },
  };
}

/** Everything an exporter could ship about a span, as one string to search. */
export function exportedText(span: ReadableSpan): string {
  return JSON.stringify({
    name: span.name,
    attributes: span.attributes,
    events: span.events.map((event) => ({ name: event.name, attributes: event.attributes })),
    status: span.status,
    links: span.links.map((link) => ({ context: link.context, attributes: link.attributes })),
  });
}
