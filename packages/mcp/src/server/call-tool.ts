import { createToolError, describeThrown, type Toolbox, type ToolResult } from '@armorer/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { toolOutputSchema } from '../declarations/to-mcp-tools';
import type { McpCallToolResult } from '../declarations/types';
import type { CallHost } from './call-host';
import { elicitationRequest } from './elicitation';
import { errorResult, toCallToolResult } from './to-call-result';
import type { ElicitedRequestContext, McpCallOptions } from './types';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const structuredTools = new WeakMap<object, boolean>();

function declaresOutput(toolbox: Toolbox, name: string): boolean {
  const tool = toolbox.getTool(name);
  if (tool === undefined) return false;
  let structured = structuredTools.get(tool.configuration);
  if (structured === undefined) {
    structured = toolOutputSchema(tool) !== undefined;
    structuredTools.set(tool.configuration, structured);
  }
  return structured;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function elicitAndRerun(
  server: Server,
  toolbox: Toolbox,
  call: { id: string; name: string; arguments: unknown },
  result: ToolResult,
  options: McpCallOptions & { signal: AbortSignal },
  extra: Extra,
  host: CallHost,
): Promise<McpCallToolResult> {
  const pending = result.pendingApproval;
  if (pending === undefined) return toCallToolResult(result, false);
  const { message, requestedSchema } = elicitationRequest(pending);
  let answer: { action: string; content?: Record<string, unknown> | undefined };
  try {
    answer = await server.elicitInput(
      { mode: 'form', message, requestedSchema } as Parameters<Server['elicitInput']>[0],
      {
        relatedRequestId: extra.requestId,
        signal: extra.signal,
        // The call's deadline bounds the wait for the human too; without one the SDK's default applies.
        ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      },
    );
  } catch (error) {
    const base =
      result.error ??
      createToolError(
        pending.kind === 'approval' ? 'APPROVAL_REQUIRED' : 'INPUT_REQUIRED',
        'The call needs a human.',
      );
    return errorResult({
      ...base,
      message: `${base.message} (Asking the user failed: ${describeThrown(error)})`,
    });
  }
  const content = answer.content ?? {};
  const declined = answer.action !== 'accept' || (pending.kind === 'approval' && content['approve'] !== true);
  if (declined) {
    const code = pending.kind === 'approval' ? 'POLICY_DENIED' : 'INPUT_REQUIRED';
    const verb = answer.action === 'cancel' ? 'cancelled' : 'declined';
    return errorResult(
      createToolError(
        code,
        `The user ${verb} the call to "${pending.toolName}". Do not retry it unless the user asks.`,
        {
          details: { reason: `elicitation ${answer.action}` },
        },
      ),
    );
  }
  const requestContext: ElicitedRequestContext = {
    ...options.requestContext,
    elicitation: { action: 'accept', executionId: pending.executionId, kind: pending.kind, content },
  };
  if (pending.kind === 'approval' && pending.binding !== undefined && options.requestContext !== undefined) {
    // A signed pause is resumed through its binding: the store consumes it once, the revisions and the
    // request context are checked again, and policy sees `approval.approved` (an `approvalPolicy` pauses
    // every re-run, so running the call again would only ask again).
    const resumed = await toolbox.resumeApproval(pending, {
      requestContext,
      signal: options.signal,
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      ...(options.ownerId === undefined ? {} : { ownerId: options.ownerId }),
    });
    return toCallToolResult(resumed, resumed.outcome === 'success' && declaresOutput(toolbox, call.name));
  }
  const rerun = await toolbox.execute({ ...call, id: host.nextCallId() }, { ...options, requestContext });
  return toCallToolResult(rerun, declaresOutput(toolbox, call.name));
}

/**
 * Runs one `tools/call` through the full armorer pipeline (validation, policy, middleware, events) and
 * maps the outcome to a `CallToolResult`. Nothing a client sends ends the session: every failure is an
 * `isError` result.
 */
export async function callTool(
  server: Server,
  host: CallHost,
  params: { name: string; arguments?: Record<string, unknown> | undefined },
  extra: Extra,
): Promise<McpCallToolResult> {
  const release = host.admit();
  if (release === undefined) {
    return errorResult(
      createToolError('TOOLBOX_CLOSED', 'The MCP server is shutting down; the call was not run.'),
    );
  }
  const toolbox = host.currentToolbox();
  const callId = host.nextCallId();
  let stopProgress: (() => void) | undefined;
  try {
    const chosen = host.options.callOptions?.({
      toolName: params.name,
      sessionId: extra.sessionId,
      requestId: extra.requestId,
      authInfo: extra.authInfo,
    });
    const options = { ...chosen, signal: extra.signal };
    const progressToken = extra._meta?.progressToken;
    if (progressToken !== undefined) {
      let sent = -1;
      stopProgress = host.progress.route(toolbox, callId, (event) => {
        // MCP requires progress to increase with every notification: an update that does not move the
        // percentage forward is not sent.
        const progress = event.detail.percent ?? sent;
        if (!(progress > sent)) return;
        sent = progress;
        const notification = {
          method: 'notifications/progress' as const,
          params: {
            progressToken,
            progress,
            total: 100,
            ...(event.detail.message === undefined ? {} : { message: event.detail.message }),
          },
        };
        extra.sendNotification(notification).catch(() => {});
      });
    }
    const call = { id: callId, name: params.name, arguments: params.arguments ?? {} };
    const result = await toolbox.execute(call, options);
    if (
      result.outcome === 'action_required' &&
      host.options.elicitation !== false &&
      isObject(server.getClientCapabilities()?.elicitation)
    ) {
      return await elicitAndRerun(server, toolbox, call, result, options, extra, host);
    }
    return toCallToolResult(result, result.outcome === 'success' && declaresOutput(toolbox, params.name));
  } finally {
    stopProgress?.();
    release();
  }
}
