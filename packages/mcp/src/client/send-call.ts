import { ERROR_META_KEY } from '../declarations/types';
import type { Observers } from '../observe/observers';
import type { McpObservedOutcome } from '../observe/types';
import type { McpClientLike, McpClientRequestOptions } from './types';

/** Whether a client is the v2 `Client` (`@modelcontextprotocol/client`), whose `callTool` takes no result schema. */
function isV2Client(client: McpClientLike): boolean {
  return typeof client.getProtocolEra === 'function';
}

function sessionIdOf(client: McpClientLike): string | undefined {
  const sessionId = (client as { transport?: { sessionId?: unknown } }).transport?.sessionId;
  return typeof sessionId === 'string' ? sessionId : undefined;
}

function protocolVersionOf(client: McpClientLike): string | undefined {
  const read = (client as { getNegotiatedProtocolVersion?: () => unknown }).getNegotiatedProtocolVersion;
  const version = typeof read === 'function' ? read.call(client) : undefined;
  return typeof version === 'string' ? version : undefined;
}

function outcomeOf(result: unknown): McpObservedOutcome {
  const record = result as { isError?: unknown; _meta?: Record<string, unknown> } | null;
  if (record?.isError !== true) return { status: 'complete' };
  const code = (record._meta?.[ERROR_META_KEY] as { code?: unknown } | undefined)?.code;
  return typeof code === 'string'
    ? { status: 'tool_error', errorType: 'tool_error', errorCode: code }
    : { status: 'tool_error', errorType: 'tool_error' };
}

/**
 * Sends one `tools/call` through a v1 or v2 SDK client. With an observer registered (`instrument()`),
 * the request is observed as a client request and carries the trace context the observer injects in
 * `params._meta`, so the server's span continues the caller's trace.
 */
export function sendCall(
  client: McpClientLike,
  name: string,
  args: Record<string, unknown>,
  options: McpClientRequestOptions,
  observers: Observers,
): Promise<unknown> {
  const send = (meta: Readonly<Record<string, string>> | undefined) => {
    const params =
      meta === undefined ? { name, arguments: args } : { name, arguments: args, _meta: { ...meta } };
    return isV2Client(client)
      ? client.callTool(params, options as never)
      : client.callTool(params, undefined, options);
  };
  if (!observers.active) return send(undefined);
  return observers.observe(
    {
      side: 'client',
      method: 'tools/call',
      toolName: name,
      requestId: undefined,
      sessionId: sessionIdOf(client),
      protocolVersion: protocolVersionOf(client),
      transport: undefined,
      meta: undefined,
    },
    send,
    outcomeOf,
  );
}
