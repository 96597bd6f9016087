import {
  type Attributes,
  type Context,
  context as contextApi,
  type Link,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { EXECUTE_TOOL } from '../attributes';
import { MCP_ATTRIBUTES } from './mcp-attributes';

/**
 * The observation contract of `@armorer/mcp` (`MCP_OBSERVE`, `McpObserver`), restated structurally so
 * this package needs no dependency on it; `mcp-contract.test-d.ts` checks the two agree.
 */
export const MCP_OBSERVE_KEY: unique symbol = Symbol.for('armorer.mcp.observe') as never;

/** One MCP request as `@armorer/mcp` reports it. */
export interface ObservedMcpRequest {
  readonly side: 'server' | 'client';
  readonly method: string;
  readonly toolName: string | undefined;
  readonly requestId: string | number | undefined;
  readonly sessionId: string | undefined;
  readonly protocolVersion: string | undefined;
  readonly transport: 'pipe' | 'tcp' | undefined;
  readonly meta: Readonly<Record<string, unknown>> | undefined;
}

/** How an observed MCP request ended. */
export interface ObservedMcpOutcome {
  readonly status: 'complete' | 'input_required' | 'tool_error' | 'error';
  readonly errorType?: string;
  readonly errorCode?: string;
}

/** An MCP span and the context the request's work runs in. */
export interface McpSpan {
  readonly span: Span;
  readonly context: Context;
}

/** What `@armorer/mcp` calls on an observer. */
export interface McpSpanObserver {
  readonly specificationVersion: 'v1';
  start(request: ObservedMcpRequest): McpSpan;
  inject(token: McpSpan): Readonly<Record<string, string>> | undefined;
  run<TResult>(token: McpSpan, work: () => TResult): TResult;
  end(token: McpSpan, outcome: ObservedMcpOutcome): void;
}

/** Reads string entries of a request's `params._meta` (`traceparent`, `tracestate`, `baggage`). */
const META_GETTER: TextMapGetter<Readonly<Record<string, unknown>>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = Object.hasOwn(carrier, key) ? carrier[key] : undefined;
    return typeof value === 'string' ? value : undefined;
  },
};

const META_SETTER: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

function attributesOf(request: ObservedMcpRequest): Attributes {
  const attributes: Attributes = { [MCP_ATTRIBUTES.methodName]: request.method };
  if (request.toolName !== undefined) {
    attributes[MCP_ATTRIBUTES.toolName] = request.toolName;
    if (request.method === 'tools/call') attributes[MCP_ATTRIBUTES.operationName] = EXECUTE_TOOL;
  }
  if (request.requestId !== undefined) attributes[MCP_ATTRIBUTES.requestId] = String(request.requestId);
  if (request.sessionId !== undefined) attributes[MCP_ATTRIBUTES.sessionId] = request.sessionId;
  if (request.protocolVersion !== undefined)
    attributes[MCP_ATTRIBUTES.protocolVersion] = request.protocolVersion;
  if (request.transport !== undefined) attributes[MCP_ATTRIBUTES.networkTransport] = request.transport;
  return attributes;
}

/** The span name by the convention: `{mcp.method.name} {target}`, the target being the tool name. */
function spanName(request: ObservedMcpRequest): string {
  return request.toolName === undefined ? request.method : `${request.method} ${request.toolName}`;
}

/**
 * An observer that records MCP requests as OpenTelemetry spans by the MCP semantic conventions: a
 * SERVER span per request a server serves, whose parent is the W3C trace context the client carried in
 * `params._meta` (the ambient context, when there is one too, becomes a link), and a CLIENT span per
 * request an import sends, whose context is injected into the request's `params._meta`. Names, ids and
 * error classes only: never arguments, results or error messages.
 */
export function createMcpSpanObserver(tracer: Tracer, propagator?: TextMapPropagator): McpSpanObserver {
  const extract = (meta: Readonly<Record<string, unknown>>): Context =>
    propagator === undefined
      ? propagation.extract(contextApi.active(), meta, META_GETTER)
      : propagator.extract(contextApi.active(), meta, META_GETTER);
  return {
    specificationVersion: 'v1',
    start(request) {
      const ambient = contextApi.active();
      const attributes = attributesOf(request);
      if (request.side === 'client') {
        const span = tracer.startSpan(spanName(request), { kind: SpanKind.CLIENT, attributes }, ambient);
        return { span, context: trace.setSpan(ambient, span) };
      }
      const remote = request.meta === undefined ? undefined : extract(request.meta);
      const remoteSpan = remote === undefined ? undefined : trace.getSpanContext(remote);
      const parent = remote !== undefined && remoteSpan !== undefined ? remote : ambient;
      const ambientSpan = trace.getSpanContext(ambient);
      const links: Link[] =
        remoteSpan !== undefined && ambientSpan !== undefined && ambientSpan.spanId !== remoteSpan.spanId
          ? [{ context: ambientSpan }]
          : [];
      const span = tracer.startSpan(
        spanName(request),
        links.length === 0
          ? { kind: SpanKind.SERVER, attributes }
          : { kind: SpanKind.SERVER, attributes, links },
        parent,
      );
      return { span, context: trace.setSpan(parent, span) };
    },
    inject(token) {
      const carrier: Record<string, string> = {};
      if (propagator === undefined) propagation.inject(token.context, carrier, META_SETTER);
      else propagator.inject(token.context, carrier, META_SETTER);
      return Object.keys(carrier).length === 0 ? undefined : carrier;
    },
    run(token, work) {
      return contextApi.with(token.context, work);
    },
    end(token, outcome) {
      const span = token.span;
      if (span.isRecording()) {
        if (outcome.status === 'input_required')
          span.setAttribute(MCP_ATTRIBUTES.resultType, 'input_required');
        if (outcome.status === 'tool_error' || outcome.status === 'error') {
          const type = outcome.errorType ?? outcome.status;
          span.setAttribute(MCP_ATTRIBUTES.errorType, type);
          if (/^-?\d+$/.test(type)) span.setAttribute(MCP_ATTRIBUTES.rpcStatusCode, type);
          if (outcome.errorCode !== undefined) span.setAttribute(MCP_ATTRIBUTES.errorCode, outcome.errorCode);
          // A fixed description: an error's own message can quote arguments or results.
          span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.errorCode ?? type });
        }
      }
      span.end();
    },
  };
}
