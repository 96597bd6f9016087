import { createToolError } from '../errors/tool-error';
import { runPolicyStage } from '../policy/evaluate';
import { freezeRequestContext, narrowCapabilities, type RequestContext } from '../policy/request-context';
import type { PolicyContext } from '../policy/types';
import { ArgumentsFailure, parseArguments, validationError } from './arguments';
import { CallState, INTERRUPTED } from './call-state';
import { armCancellation, cancelledError, waitInterruptible } from './cancellation';
import { admissionFailure, finishCall, type ResultFields } from './finish-call';
import { nextExecutionId } from './ids';
import type { Registration } from './registration';
import {
  createContext,
  createPolicyContext,
  executionError,
  interrupted,
  isAvailable,
  parseAsyncOrFail,
  type SafeParseResult,
  stopped,
} from './run-steps';
import { collectStream, isAsyncIterable, liveStream } from './stream';
import type { ToolCall, ToolExecuteOptions, ToolResult } from './types';

/**
 * Runs one call of a registered tool through the pipeline: admission (closed owner, availability),
 * identity, arguments, validation, policy, the concurrency gate, the implementation (collected or live
 * stream), after-policy and the terminal events. Never throws for tool failures: every failure becomes a
 * {@link ToolResult}.
 */
export async function runCall(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
): Promise<ToolResult> {
  const config = reg.config;
  const toolName = config.name;
  const tracker = reg.owner.tracker;
  if (config.availability !== undefined && !(await isAvailable(reg))) {
    const message = `Tool "${toolName}" is not available in this environment. Use another tool.`;
    return admissionFailure(reg, callId, createToolError('TOOL_UNAVAILABLE', message));
  }
  if (tracker.admissionClosed) {
    const message = `Tool "${toolName}" cannot run: its owner no longer admits calls (it completed or is shutting down).`;
    return admissionFailure(reg, callId, createToolError('TOOLBOX_CLOSED', message));
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
  const state = new CallState(reg, tracker, callId, nextExecutionId(), ownerId, requestContext, signal);
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
      'The timeout of a call must be a positive number of milliseconds.',
    );
    return finishCall(state, fields, 'error', undefined, error, 'validate-error');
  }
  if (args instanceof ArgumentsFailure)
    return finishCall(state, fields, 'error', undefined, args.error, 'validate-error');

  // Validation.
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
  if (signal?.aborted)
    return finishCall(state, fields, 'cancelled', undefined, cancelledError(toolName, signal.reason));

  const disarm =
    signal !== undefined || timeout !== undefined ? armCancellation(state, signal, timeout) : undefined;
  state.disarm = disarm;
  {
    // Policy.
    if (reg.metadataDenial !== undefined) {
      return finishCall(state, fields, 'denied', undefined, reg.metadataDenial, 'policy-denied');
    }
    let policyContext: PolicyContext | undefined;
    if (reg.hasBeforeExecute) {
      policyContext = createPolicyContext(reg, state, call, params);
      const narrow = (capabilities: readonly string[]): PolicyContext => {
        state.requestContext = narrowCapabilities(state.requestContext, capabilities);
        policyContext = { ...(policyContext as PolicyContext), requestContext: state.requestContext };
        return policyContext;
      };
      state.setPhase('waiting');
      const stop = await waitInterruptible(
        state,
        runPolicyStage(toolName, 'beforeExecute', reg.owner.policy, config.policy, policyContext, narrow),
      );
      if (stop === INTERRUPTED || state.interrupted !== undefined) return interrupted(state, fields);
      if (stop !== undefined) return stopped(state, fields, stop, params);
    }

    // Concurrency gate: a queue, never a rejection.
    const gate = reg.gate;
    if (gate !== undefined) {
      const slot = gate.acquire(state);
      if (slot === true) state.holdsSlot = true;
      else {
        state.queuedAt = state.now();
        state.setPhase('queued');
        state.interrupt = () => gate.leave(state);
        state.holdsSlot = await slot;
        if (!state.holdsSlot || state.interrupted !== undefined) return interrupted(state, fields);
      }
    }

    // Implementation.
    if (state.phase !== 'active') state.setPhase('active');
    state.startedAt = state.lastActivityAt = state.now();
    let value: unknown;
    try {
      const returned = config.execute(params, createContext(reg, state) as never);
      if (
        typeof returned === 'object' &&
        returned !== null &&
        typeof (returned as PromiseLike<unknown>).then === 'function'
      ) {
        state.pending = returned as PromiseLike<unknown>;
        value = await waitInterruptible(state, returned as PromiseLike<unknown>);
      } else {
        value = returned;
      }
    } catch (error) {
      if (state.interrupted !== undefined) return interrupted(state, fields);
      return finishCall(state, fields, 'error', undefined, executionError(toolName, error), 'execute-error');
    }
    if (state.interrupted !== undefined || value === INTERRUPTED) return interrupted(state, fields);
    state.pending = undefined;

    if (isAsyncIterable(value)) {
      if (stream) {
        const live = liveStream(state, value);
        return finishCall(state, fields, 'success', live, undefined, 'execute-success', live);
      }
      state.setPhase('streaming');
      const collected = await collectStream(state, value);
      if (state.interrupted !== undefined) return interrupted(state, fields, collected.chunks);
      if (collected.failed) {
        return finishCall(state, fields, 'error', collected.chunks, collected.error, 'execute-error');
      }
      value = collected.chunks;
    }

    if (reg.hasAfterExecute) {
      const base = policyContext ?? createPolicyContext(reg, state, call, params);
      const context = { ...base, outcome: 'success' as const, result: value, error: undefined };
      const stop = await runPolicyStage(toolName, 'afterExecute', reg.owner.policy, config.policy, context);
      if (stop !== undefined) return stopped(state, fields, stop, params);
    }
    return finishCall(state, fields, 'success', value, undefined, 'execute-success');
  }
}
