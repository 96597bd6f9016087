import { ERROR_META_KEY } from '../declarations/types';
import type { McpObservedOutcome } from '../observe/types';
import type { CallHost } from './call-host';
import { type CallOutcome, callTool, isInputRequired, isTaskStarted } from './call-tool';
import type { CallChannel } from './channel';
import { type ListToolsResult, listTools } from './list-tools';
import type { SessionState } from './session-state';

const COMPLETE: McpObservedOutcome = { status: 'complete' };

function callOutcome(outcome: CallOutcome): McpObservedOutcome {
  if (isInputRequired(outcome)) return { status: 'input_required' };
  if (isTaskStarted(outcome)) return COMPLETE;
  if (outcome.isError !== true) return { status: 'complete' };
  const error = outcome._meta?.[ERROR_META_KEY] as { code?: unknown } | undefined;
  return typeof error?.code === 'string'
    ? { status: 'tool_error', errorType: 'tool_error', errorCode: error.code }
    : { status: 'tool_error', errorType: 'tool_error' };
}

/** `tools/call`, observed when an observer is registered (one check otherwise). */
export function serveCall(
  host: CallHost,
  session: SessionState,
  params: { readonly name: string; readonly arguments?: Record<string, unknown> | undefined },
  channel: CallChannel,
): Promise<CallOutcome> {
  if (!host.observers.active) return callTool(host, session, params, channel);
  return host.observers.observe(
    {
      side: 'server',
      method: 'tools/call',
      toolName: params.name,
      requestId: channel.requestId,
      sessionId: channel.sessionId,
      protocolVersion: channel.protocolVersion,
      transport: session.transport,
      meta: channel.meta,
    },
    () => callTool(host, session, params, channel),
    callOutcome,
  );
}

/** What a `tools/list` observer is told about the request. */
export interface ListRequestInfo {
  readonly requestId: string | number;
  readonly sessionId: string | undefined;
  readonly protocolVersion: string | undefined;
  readonly meta: Readonly<Record<string, unknown>> | undefined;
}

/** `tools/list`, observed when an observer is registered. */
export function serveList(
  host: CallHost,
  session: SessionState,
  info: ListRequestInfo,
): Promise<ListToolsResult> {
  if (!host.observers.active) return listTools(host.currentToolbox());
  return host.observers.observe(
    {
      side: 'server',
      method: 'tools/list',
      toolName: undefined,
      requestId: info.requestId,
      sessionId: info.sessionId,
      protocolVersion: info.protocolVersion,
      transport: session.transport,
      meta: info.meta,
    },
    () => listTools(host.currentToolbox()),
    () => COMPLETE,
  );
}
