import { ArmorerError } from '../errors/armorer-error';
import { ToolFailureError } from '../errors/tool-call-error';
import { createToolError, describeThrown, type ToolError } from '../errors/tool-error';
import { type PolicyStop, runPolicyStage } from '../policy/evaluate';
import { createPendingApproval } from '../policy/pending-approval';
import { freezeRequestContext, type RequestContext } from '../policy/request-context';
import type { PolicyContext } from '../policy/types';
import { LazyLoadError } from '../tool/lazy';
import { ArgumentsFailure, parseArguments, validationError } from './arguments';
import { CallState, ToolCallContextImpl } from './call-state';
import { armCancellation, cancelledError, INTERRUPTED, waitInterruptible } from './cancellation';
import { admissionFailure, finishCall, type ResultFields } from './finish-call';
import { nextExecutionId } from './ids';
import type { Registration } from './registration';
import { collectStream, isAsyncIterable, liveStream } from './stream';
import type { ToolCall, ToolExecuteOptions, ToolResult } from './types';

interface SafeParseResult {
  readonly success: boolean;
  readonly data?: unknown;
  readonly error?: { readonly issues: readonly { code: string; path: PropertyKey[]; message: string }[] };
}

/**
 * Runs one call of a registered tool through the pipeline: availability, identity, arguments,
 * validation, policy, implementation (collected or live stream), after-policy and the terminal events.
 * Never throws for tool failures: every failure becomes a {@link ToolResult}.
 */
export async function runCall(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
): Promise<ToolResult> {
  const config = reg.config;
  const toolName = config.name;
  if (config.availability !== undefined && !(await isAvailable(reg))) {
    return admissionFailure(
      reg,
      callId,
      createToolError(
        'TOOL_UNAVAILABLE',
        `Tool "${toolName}" is not available in this environment. Use another tool.`,
      ),
    );
  }

  let requestContext: RequestContext | undefined;
  let ownerId: string | undefined;
  let signal: AbortSignal | undefined;
  let timeout: number | undefined;
  let stream = false;
  if (options !== undefined) {
    if (options.requestContext !== undefined) requestContext = freezeRequestContext(options.requestContext);
    ownerId = options.ownerId ?? requestContext?.authority?.ownerId;
    signal = options.signal;
    timeout = options.timeout;
    stream = options.stream === true;
  }
  const state = new CallState(reg, callId, nextExecutionId(), ownerId, requestContext, signal);
  // Arguments arrive as objects or JSON strings; listeners see the parsed object whenever it parses.
  const raw = call.arguments;
  const args =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : parseArguments(toolName, raw);
  const fields: ResultFields = { startedAt: 0, params: args instanceof ArgumentsFailure ? raw : args };
  if (state.listening) {
    fields.startedAt = Date.now();
    if (reg.telemetry) state.emit('tool.started', { startedAt: fields.startedAt });
    state.emit('execute-start', { params: fields.params, call });
  }
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0)) {
    const error = createToolError(
      'INVALID_TOOL_CALL',
      `The timeout of a call must be a positive number of milliseconds.`,
    );
    return finishCall(state, fields, 'error', undefined, error, 'validate-error');
  }

  // Validation.
  if (args instanceof ArgumentsFailure)
    return finishCall(state, fields, 'error', undefined, args.error, 'validate-error');
  let parsed: SafeParseResult;
  try {
    parsed = config.schema.safeParse(args) as SafeParseResult;
  } catch (error) {
    parsed = await parseAsyncOrFail(reg, args, error);
  }
  if (!parsed.success) {
    const error = validationError(toolName, parsed.error?.issues ?? []);
    return finishCall(state, fields, 'error', undefined, error, 'validate-error');
  }
  const params = parsed.data as Record<string, unknown>;
  if (state.listening) state.emit('validate-success', { params });

  // Policy.
  if (reg.metadataDenial !== undefined) {
    return finishCall(state, fields, 'denied', undefined, reg.metadataDenial, 'policy-denied');
  }
  let policyContext: PolicyContext | undefined;
  if (reg.hasBeforeExecute) {
    policyContext = createPolicyContext(reg, state, call, params);
    const stop = await runPolicyStage(
      toolName,
      'beforeExecute',
      reg.owner.policy,
      config.policy,
      policyContext,
    );
    if (stop !== undefined) return stopped(state, fields, stop, params);
  }

  // Implementation.
  if (signal?.aborted) {
    return finishCall(state, fields, 'cancelled', undefined, cancelledError(toolName, signal.reason));
  }
  const disarm =
    signal !== undefined || timeout !== undefined ? armCancellation(state, signal, timeout) : undefined;
  try {
    let value: unknown;
    let thrown: unknown;
    let failed = false;
    try {
      const returned = config.execute(params, createContext(reg, state) as never);
      if (
        typeof returned === 'object' &&
        returned !== null &&
        typeof (returned as PromiseLike<unknown>).then === 'function'
      ) {
        value =
          disarm === undefined
            ? await returned
            : await waitInterruptible(state, returned as PromiseLike<unknown>);
      } else {
        value = returned;
      }
    } catch (error) {
      failed = true;
      thrown = error;
    }
    if (state.interrupted !== undefined || value === INTERRUPTED) return interrupted(state, fields);
    if (failed)
      return finishCall(state, fields, 'error', undefined, executionError(toolName, thrown), 'execute-error');

    if (isAsyncIterable(value)) {
      if (stream) {
        const live = liveStream(state, value);
        return finishCall(state, fields, 'success', live, undefined, 'execute-success', live);
      }
      const collected = await collectStream(state, value, disarm !== undefined);
      if (state.interrupted !== undefined) return interrupted(state, fields, collected.chunks);
      if (collected.failed) {
        const error = createToolError(
          'STREAM_FAILED',
          `Tool "${toolName}" failed while streaming after ${collected.chunks.length} chunk(s): ${describeThrown(collected.error)}`,
          { cause: collected.error },
        );
        return finishCall(state, fields, 'error', collected.chunks, error, 'execute-error');
      }
      value = collected.chunks;
    }

    if (reg.hasAfterExecute) {
      const context = {
        ...(policyContext ?? createPolicyContext(reg, state, call, params)),
        outcome: 'success' as const,
        result: value,
        error: undefined,
      };
      const stop = await runPolicyStage(toolName, 'afterExecute', reg.owner.policy, config.policy, context);
      if (stop !== undefined) return stopped(state, fields, stop, params);
    }
    return finishCall(state, fields, 'success', value, undefined, 'execute-success');
  } finally {
    disarm?.();
  }
}

async function isAvailable(reg: Registration): Promise<boolean> {
  try {
    return (await reg.config.availability?.(reg.context)) === true;
  } catch {
    // A failing availability probe means the tool cannot be shown or run: fail closed.
    return false;
  }
}

async function parseAsyncOrFail(
  reg: Registration,
  args: unknown,
  syncError: unknown,
): Promise<SafeParseResult> {
  const isAsyncSchema = syncError instanceof Error && /synchronous parse|parseAsync/.test(syncError.message);
  try {
    if (isAsyncSchema) return (await reg.config.schema.safeParseAsync(args)) as SafeParseResult;
  } catch (error) {
    syncError = error;
  }
  return {
    success: false,
    error: {
      issues: [
        { code: 'custom', path: [], message: `Schema validation threw: ${describeThrown(syncError)}` },
      ],
    },
  };
}

function createContext(reg: Registration, state: CallState): ToolCallContextImpl {
  const context = new ToolCallContextImpl(state);
  if (reg.userContext !== undefined) Object.assign(context, reg.userContext);
  return context;
}

function createPolicyContext(
  reg: Registration,
  state: CallState,
  call: ToolCall,
  params: Record<string, unknown>,
): PolicyContext {
  return {
    toolName: reg.config.name,
    callId: state.callId,
    executionId: state.executionId,
    ownerId: state.ownerId,
    params,
    call,
    description: reg.config.description,
    tags: reg.config.tags,
    metadata: reg.config.metadata,
    context: reg.context,
    policyContext: reg.owner.policyContext,
    requestContext: state.requestContext,
  };
}

function stopped(
  state: CallState,
  fields: ResultFields,
  stop: PolicyStop,
  params: Record<string, unknown>,
): ToolResult {
  if (stop.status === 'deny')
    return finishCall(state, fields, 'denied', undefined, stop.error, 'policy-denied');
  fields.pendingApproval = createPendingApproval(state, stop, params);
  return finishCall(state, fields, 'action_required', undefined, stop.error);
}

function interrupted(state: CallState, fields: ResultFields, partial?: unknown[]): ToolResult {
  const error = state.interrupted ?? cancelledError(state.reg.config.name, undefined);
  return finishCall(
    state,
    fields,
    error.code === 'TIMEOUT' ? 'error' : 'cancelled',
    partial,
    error,
    'cancelled',
  );
}

function executionError(toolName: string, thrown: unknown): ToolError {
  if (LazyLoadError.isInstance(thrown))
    return createToolError('LAZY_LOAD_FAILED', thrown.message, { cause: thrown.cause });
  if (ToolFailureError.isInstance(thrown)) return thrown.toolError;
  if (ArmorerError.isInstance(thrown) && thrown.code === 'TOOL_NOT_IMPLEMENTED') {
    return createToolError('TOOL_NOT_IMPLEMENTED', thrown.message);
  }
  if (thrown instanceof Error) {
    return createToolError(
      'EXECUTION_FAILED',
      `Tool "${toolName}" failed: ${thrown.message || thrown.name}`,
      {
        cause: thrown,
      },
    );
  }
  const thrownType = thrown === null ? 'null' : typeof thrown;
  return createToolError(
    'EXECUTION_FAILED',
    `Tool "${toolName}" failed: it threw a non-Error value (${thrownType}): ${describeThrown(thrown)}`,
    { cause: thrown, details: { thrownType } },
  );
}
