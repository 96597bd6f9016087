/**
 * The observation contract of `@armorer/mcp`: how a tracer (the `instrument()` of
 * `@armorer/instrumentation`) sees MCP requests without this package depending on OpenTelemetry, and
 * without the tracer depending on this package. A server made by `createMCP` and the tools imported by
 * `fromMcpTools` carry a method under {@link MCP_OBSERVE}; an observer registered there is told about every
 * `tools/list` and `tools/call` they serve or send. Never arguments or results: only names, ids and the
 * class of an error.
 */

/** The key of the method that registers an {@link McpObserver} (`Symbol.for`, so duplicate installs agree). */
export const MCP_OBSERVE: unique symbol = Symbol.for('armorer.mcp.observe') as never;

/** One MCP request as an observer sees it. */
export interface McpObservedRequest {
  /** `server`: a request this process serves; `client`: one it sends. */
  readonly side: 'server' | 'client';
  /** The JSON-RPC method, e.g. `tools/call`. */
  readonly method: string;
  /** The tool a `tools/call` names. */
  readonly toolName: string | undefined;
  /** The JSON-RPC id (known on the server side). */
  readonly requestId: string | number | undefined;
  /** The 2025 session id (Streamable HTTP), when there is one. */
  readonly sessionId: string | undefined;
  /** The protocol revision the request was made under, when known. */
  readonly protocolVersion: string | undefined;
  /** `pipe` (stdio), `tcp` (HTTP), or undefined (an in-process transport). */
  readonly transport: 'pipe' | 'tcp' | undefined;
  /**
   * Server side: the request's `params._meta`, the carrier of W3C trace context (`traceparent`,
   * `tracestate`, `baggage`). Read it; never change it.
   */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
}

/** How an observed request ended. */
export interface McpObservedOutcome {
  /**
   * `complete`: a result the caller can use; `input_required`: a 2026 interim result asking for input;
   * `tool_error`: a `CallToolResult` with `isError`; `error`: a JSON-RPC error or a failure to send.
   */
  readonly status: 'complete' | 'input_required' | 'tool_error' | 'error';
  /** A low-cardinality error class: the JSON-RPC error code, `tool_error`, or the thrown error's name. */
  readonly errorType?: string;
  /** The armorer `ToolError` code of a `tool_error`, when the result carries one. */
  readonly errorCode?: string;
}

/**
 * Receives MCP requests. `start` returns a token the other methods get back. On the client side,
 * `inject` returns the `_meta` entries to send with the request (trace context); on both sides, the
 * request's work runs inside `run`, so spans the tool starts nest under the request's span.
 */
export interface McpObserver<TToken = unknown> {
  readonly specificationVersion: 'v1';
  start(request: McpObservedRequest): TToken;
  inject?(token: TToken): Readonly<Record<string, string>> | undefined;
  run<TResult>(token: TToken, work: () => TResult): TResult;
  end(token: TToken, outcome: McpObservedOutcome): void;
}

/** Something whose MCP requests can be observed (a `createMCP` server, a `fromMcpTools` import). */
export interface McpObservable {
  /** Registers an observer; returns the function that removes it. */
  [MCP_OBSERVE](observer: McpObserver): () => void;
}
