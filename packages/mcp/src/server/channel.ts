/**
 * One `tools/call` request as the SDK-independent call code sees it. Each backend (the v1 package
 * `@modelcontextprotocol/sdk`, the v2 `@modelcontextprotocol/server`) builds it from its own handler
 * context, so the armorer side of a call is written once for both SDKs and both protocol eras.
 */
export interface CallChannel {
  /** `legacy`: revisions 2024-11-05 to 2025-11-25; `modern`: 2026-07-28 (stateless, input_required). */
  readonly era: 'legacy' | 'modern';
  /** Aborted when the client cancels the request (or, on 2026 HTTP, closes its response stream). */
  readonly signal: AbortSignal;
  readonly sessionId: string | undefined;
  readonly requestId: string | number;
  /** The validated access token's information, when an auth layer supplied one. */
  readonly authInfo: unknown;
  /** The request's `params._meta` (progress token, trace context). */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  readonly protocolVersion: string | undefined;
  /** On a 2026 retry: the `requestState` the client echoed back. */
  readonly requestState: string | undefined;
  /** On a 2026 retry: the client's answers, by the keys of the `inputRequests` they answer. */
  readonly inputResponses: Readonly<Record<string, unknown>> | undefined;
  /** Whether the client declared form elicitation (at initialize, or in this request's `_meta`). */
  supportsFormElicitation(): boolean;
  /** Whether this (2026) request declares the tasks extension, so it may be answered with a task. */
  acceptsTasks(): boolean;
  /** Sends an `elicitation/create` request to the client and awaits its answer (2025 era only). */
  elicit(
    params: { readonly message: string; readonly requestedSchema: object },
    timeout: number | undefined,
  ): Promise<unknown>;
  /** Sends a notification related to this request (progress). */
  notify(notification: { method: 'notifications/progress'; params: Record<string, unknown> }): Promise<void>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a client's declared `elicitation` capability covers form mode (an empty object counts). */
export function declaresFormElicitation(capabilities: unknown): boolean {
  const elicitation = isObject(capabilities) ? capabilities['elicitation'] : undefined;
  if (!isObject(elicitation)) return false;
  return Object.keys(elicitation).length === 0 || isObject(elicitation['form']);
}
