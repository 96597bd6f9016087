import type { ExecutionObserver, ObservedCall, ToolResult } from '@armorer/core';
import { observeToolbox } from '@armorer/core';
import {
  type Attributes,
  type Context,
  context as contextApi,
  type Link,
  ProxyTracerProvider,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapPropagator,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { ATTRIBUTES, EXECUTE_TOOL } from './attributes';
import { digestOf } from './digest';
import { createMcpSpanObserver, MCP_OBSERVE_KEY, type McpSpanObserver } from './mcp/mcp-observer';

/** Options of {@link instrument}. */
export interface InstrumentOptions {
  /** The tracer to use. Default: `tracerProvider.getTracer('armorer')`. */
  readonly tracer?: Tracer;
  /** The provider to get the tracer from. Default: the global provider (`trace.getTracerProvider()`). */
  readonly tracerProvider?: TracerProvider;
  /**
   * Add `armorer.tool.input_digest` and `armorer.tool.output_digest` (SHA-256 of the canonical JSON of the
   * arguments and the result): correlation handles, never the values. Default false.
   */
  readonly digests?: boolean;
  /**
   * How MCP spans carry trace context in a request's `params._meta` (default: the globally registered
   * propagator, W3C Trace Context under the OpenTelemetry SDK's defaults).
   */
  readonly propagator?: TextMapPropagator;
}

/** The instrumentation's name and version, as a tracer scope. */
export const INSTRUMENTATION_SCOPE = { name: 'armorer', version: '0.1.0' } as const;

const FAILED_OUTCOMES: ReadonlySet<string> = new Set(['error', 'denied', 'cancelled']);

/** Something `@armorer/mcp` made whose MCP requests can be observed (a server, an import). */
interface McpObservableTarget {
  [MCP_OBSERVE_KEY](observer: McpSpanObserver): () => void;
}

function isMcpObservable(target: unknown): target is McpObservableTarget {
  return (
    typeof target === 'object' &&
    target !== null &&
    typeof (target as Partial<McpObservableTarget>)[MCP_OBSERVE_KEY] === 'function'
  );
}

/**
 * Traces a toolbox, or the MCP requests of an `@armorer/mcp` server or import; returns a function that
 * stops tracing it.
 *
 * A toolbox: one `execute_tool {name}` span of kind INTERNAL per admitted call, by the OTel GenAI "Execute
 * tool" convention. Spans nest under the active context, or under the call's `parentContext` option, and
 * carry the call's `spanLinks`; the implementation runs inside its span's context, so spans it starts
 * nest under it. Arguments, results, error messages and abort reasons are never recorded: failures carry
 * their category (`error.type`) and code, and an exception event with a fixed message. With no tracer
 * registered the global tracer is a no-op and a call pays for an unsampled span only.
 *
 * A `createMCP` server: one SERVER span per `tools/list` and `tools/call` it serves, by the OTel MCP
 * conventions (`mcp.method.name`, `gen_ai.tool.name`, `jsonrpc.request.id`, `mcp.session.id`,
 * `mcp.protocol.version`, `network.transport`, `error.type`), continuing the W3C trace context the client
 * sent in `params._meta`; the call runs inside it, so an instrumented toolbox's `execute_tool` span and the
 * tool's own spans nest under it. A `fromMcpTools` import: one CLIENT span per `tools/call` it sends, its
 * trace context injected into the request's `params._meta`. One trace then crosses client, server and tool.
 *
 * @example
 * ```ts
 * import { createToolbox } from 'armorer';
 * import { instrument } from 'armorer/instrumentation';
 * import { context, trace } from '@opentelemetry/api';
 *
 * const toolbox = createToolbox([lookupAccount]);
 * const stop = instrument(toolbox);
 * await trace.getTracer('worker').startActiveSpan('activity', async (span) => {
 *   await toolbox.execute(
 *     { id: 'call-1', name: 'lookupAccount', arguments: { accountId: 'acct_123' } },
 *     { parentContext: trace.setSpan(context.active(), span), spanLinks: [{ context: span.spanContext() }] },
 *   );
 *   span.end();
 * });
 * stop();
 * ```
 */
export function instrument(target: unknown, options: InstrumentOptions = {}): () => void {
  const provider = options.tracerProvider ?? trace.getTracerProvider();
  const tracer =
    options.tracer ?? provider.getTracer(INSTRUMENTATION_SCOPE.name, INSTRUMENTATION_SCOPE.version);
  if (isMcpObservable(target)) {
    return target[MCP_OBSERVE_KEY](createMcpSpanObserver(tracer, options.propagator));
  }
  const observer = createToolSpanObserver(tracer, options.digests === true);
  if (options.tracer === undefined && provider instanceof ProxyTracerProvider) {
    // The global provider stays a proxy; until an SDK registers behind it, calls skip tracing entirely.
    observer.enabled = () => provider.getDelegate() !== NOOP_TRACER_PROVIDER;
  }
  return observeToolbox(target, observer);
}

/** The no-op provider a global proxy delegates to while no SDK is registered. */
const NOOP_TRACER_PROVIDER = new ProxyTracerProvider().getDelegate();

/** A span and the context it runs the implementation in. */
interface ToolSpan {
  readonly span: Span;
  readonly context: Context;
}

function createToolSpanObserver(
  tracer: Tracer,
  digests: boolean,
): ExecutionObserver<ToolSpan> & { enabled?: () => boolean } {
  return {
    specificationVersion: 'v1',
    start(call) {
      const options = call.options;
      const parent = isContext(options?.parentContext) ? options.parentContext : contextApi.active();
      const attributes: Attributes = {
        [ATTRIBUTES.operationName]: EXECUTE_TOOL,
        [ATTRIBUTES.toolName]: call.toolName,
        [ATTRIBUTES.toolCallId]: call.callId,
        [ATTRIBUTES.executionId]: call.executionId,
      };
      if (call.description !== undefined) attributes[ATTRIBUTES.toolDescription] = call.description;
      if (digests) {
        const digest = digestOf(call.call.arguments ?? {});
        if (digest !== undefined) attributes[ATTRIBUTES.inputDigest] = digest;
      }
      const links = toLinks(options?.spanLinks);
      const span = tracer.startSpan(
        `${EXECUTE_TOOL} ${call.toolName}`,
        links === undefined
          ? { kind: SpanKind.INTERNAL, attributes }
          : { kind: SpanKind.INTERNAL, attributes, links },
        parent,
      );
      return { span, context: trace.setSpan(parent, span) };
    },
    run(token, implementation, ...args) {
      return contextApi.with(token.context, implementation, undefined, ...args);
    },
    end(token, result, observed) {
      const span = token.span;
      if (span.isRecording()) recordOutcome(span, result, observed, digests);
      span.end();
    },
  };
}

/** A caller's context, when it is one (anything else falls back to the active context). */
function isContext(value: unknown): value is Context {
  const candidate = value as Partial<Context> | null | undefined;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.getValue === 'function' &&
    typeof candidate.setValue === 'function' &&
    typeof candidate.deleteValue === 'function'
  );
}

/** Links with a span context; only primitive link attributes are kept. Anything else is dropped. */
function toLinks(value: unknown): Link[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const links: Link[] = [];
  for (const link of value as unknown[]) {
    const spanContext = (link as { context?: unknown } | null)?.context as Link['context'] | undefined;
    if (typeof spanContext !== 'object' || spanContext === null) continue;
    if (typeof spanContext.traceId !== 'string' || typeof spanContext.spanId !== 'string') continue;
    links.push({
      context: spanContext,
      ...primitiveAttributes((link as { attributes?: unknown }).attributes),
    });
  }
  return links.length === 0 ? undefined : links;
}

function primitiveAttributes(value: unknown): { attributes?: Attributes } {
  if (typeof value !== 'object' || value === null) return {};
  const attributes: Attributes = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean') {
      attributes[key] = entry;
    }
  }
  return { attributes };
}

function recordOutcome(span: Span, result: ToolResult, observed: ObservedCall, digests: boolean): void {
  const outcome = result.outcome;
  span.setAttribute(ATTRIBUTES.status, outcome);
  if (digests && outcome === 'success' && result.stream === undefined) {
    const digest = digestOf(result.result);
    if (digest !== undefined) span.setAttribute(ATTRIBUTES.outputDigest, digest);
  }
  if (!FAILED_OUTCOMES.has(outcome)) return;
  const error = result.error;
  const category = error?.category ?? outcome;
  span.setAttribute(ATTRIBUTES.errorType, category);
  if (error !== undefined) span.setAttribute(ATTRIBUTES.errorCode, error.code);
  if (outcome === 'cancelled') {
    // The error derives from the caller's abort reason: report the category only, never recordException.
    span.setAttribute(ATTRIBUTES.cancellationCategory, category);
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'Cancelled' });
    return;
  }
  // A fixed text: the error's own message can quote arguments, results or what the tool threw.
  const code = error?.code ?? outcome;
  span.recordException({
    name: code,
    message: `Tool "${observed.toolName}" ended with ${outcome} (${category}).`,
  });
  span.setStatus({ code: SpanStatusCode.ERROR, message: code });
}
