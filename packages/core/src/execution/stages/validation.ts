import { describeThrown } from '../../errors/tool-error';
import type { CallState } from '../call-state';
import type { ToolResult } from '../types';
import { ArgumentsFailure, parseArguments } from './arguments';
import { failWith } from './finish';
import { enforcePolicy } from './policy';
import type { StartedCall } from './run';

/*
 * 3. Validation: the call's arguments (an object, or the JSON string providers send) are read once and
 * validated against the tool's input schema; the schema's output is what every later stage and the
 * implementation see. Listeners hear `execute-start` with the arguments as parsed, before anything can
 * fail, then `validate-success` or `validate-error`.
 */

/** The part of a Zod safeParse result the pipeline reads. */
export interface SafeParseResult {
  readonly success: boolean;
  readonly data?: unknown;
  readonly error?: { readonly issues: readonly { code: string; path: PropertyKey[]; message: string }[] };
}

/** Validates the arguments of an identified call (`raw`, read once at identity), then applies policy. */
export function validate(state: CallState, raw: unknown, timeout: number | undefined): StartedCall {
  const reg = state.reg;
  const config = reg.config;
  // Arguments arrive as objects or JSON strings; listeners see the parsed object whenever it parses.
  const args =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : parseArguments(raw);
  if (state.listening) {
    state.ext.eventParams = args instanceof ArgumentsFailure ? raw : args;
    state.ext.eventStartedAt = Date.now();
    if (reg.telemetry) state.emit('tool.started', { startedAt: state.ext.eventStartedAt });
    state.emit('execute-start', { params: state.ext.eventParams, call: state.call });
  }
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0)) {
    return failWith(state, 'validate-error', 'error', 'invalidTimeout');
  }
  if (args instanceof ArgumentsFailure)
    return failWith(state, 'validate-error', 'error', 'argumentsError', config.name, args);
  // A resume of signed validated arguments: validated when paused, under the same (bound) definition.
  if (state.resume?.prevalidated === true) return validated(state, { success: true, data: args }, timeout);
  let parsed: SafeParseResult;
  try {
    parsed = config.schema.safeParse(args) as SafeParseResult;
  } catch (error) {
    return validateAsync(state, args, error, timeout);
  }
  return validated(state, parsed, timeout);
}

/*
 * The branches that build a closure live in functions of their own: JavaScriptCore allocates the scope a
 * closure captures when the enclosing function is entered, whether or not the branch runs, so a closure in
 * a stage every call passes would cost every call an allocation.
 */

/** A schema that cannot parse synchronously (async refinements): validation goes on asynchronously. */
function validateAsync(
  state: CallState,
  args: Record<string, unknown>,
  error: unknown,
  timeout: number | undefined,
): Promise<ToolResult | CallState> {
  return parseAsyncOrFail(state.reg.config.schema, args, error).then((result) =>
    validated(state, result, timeout),
  );
}

function validated(state: CallState, parsed: SafeParseResult, timeout: number | undefined): StartedCall {
  if (!parsed.success) {
    const issues = parsed.error?.issues ?? [];
    return failWith(state, 'validate-error', 'error', 'validationError', state.reg.config.name, issues);
  }
  state.params = parsed.data as Record<string, unknown>;
  if (state.listening) state.emit('validate-success', { params: state.params });
  return enforcePolicy(state, timeout);
}

/** Falls back to async validation for schemas with async refinements; any other throw is a validation error. */
export async function parseAsyncOrFail(
  schema: { safeParseAsync(value: unknown): Promise<unknown> },
  args: unknown,
  syncError: unknown,
): Promise<SafeParseResult> {
  const isAsyncSchema = syncError instanceof Error && /synchronous parse|parseAsync/.test(syncError.message);
  let failure = syncError;
  try {
    if (isAsyncSchema) return (await schema.safeParseAsync(args)) as SafeParseResult;
  } catch (error) {
    failure = error;
  }
  return {
    success: false,
    error: {
      issues: [{ code: 'custom', path: [], message: `Schema validation threw: ${describeThrown(failure)}` }],
    },
  };
}
