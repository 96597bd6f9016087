/**
 * An OpenTelemetry `Context`, structurally: core never imports `@opentelemetry/api`. Pass
 * `trace.setSpan(context.active(), span)` as `parentContext`; only `armorer/instrumentation` reads it.
 */
export interface TraceContextLike {
  getValue(key: symbol): unknown;
}

/** The span context a link points at (an OpenTelemetry `SpanContext`, structurally). */
export interface SpanContextLike {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceFlags: number;
}

/** An OpenTelemetry `Link`, structurally: `{ context: span.spanContext(), attributes? }`. */
export interface SpanLinkLike {
  readonly context: SpanContextLike;
  readonly attributes?: Readonly<Record<string, unknown>>;
}
