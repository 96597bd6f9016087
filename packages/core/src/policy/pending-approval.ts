import { canonicalJson, jsonEqual } from '@armorer/approval';
import type { CallState } from '../execution/call-state';
import { ArgumentsFailure, parseArguments } from '../execution/stages/arguments';
import type { PolicyStop } from './evaluate';
import type { PendingApproval } from './types';

/**
 * Builds the JSON-serializable descriptor of a paused call: the validated arguments when JSON carries
 * them exactly (what the person is shown and what runs), else the proposed ones. This is the seam where
 * the approval package adds its signed, resumable binding; without an approval secret the descriptor is
 * unsigned.
 */
export function createPendingApproval(
  state: CallState,
  stop: PolicyStop,
  params: Record<string, unknown>,
): PendingApproval {
  const needsInput = stop.status === 'needs_input';
  const validated = jsonArguments(params);
  const pending: { -readonly [K in keyof PendingApproval]: PendingApproval[K] } = {
    version: 1,
    kind: needsInput ? 'input' : 'approval',
    status: needsInput ? 'needs_input' : 'needs_approval',
    callId: state.callId,
    toolName: state.reg.config.name,
    executionId: state.executionId,
    proposedCall: {
      id: state.callId,
      name: state.reg.config.name,
      arguments: validated ?? toJsonObject(proposedArguments(state, params)),
    },
    argumentsValidated: validated !== undefined,
    reason: stop.reason,
    createdAt: Date.now(),
  };
  if (stop.input !== undefined) pending.requestedInput = toJsonValue(stop.input);
  return pending;
}

/**
 * The validated arguments (schema defaults and transforms applied: what the tool runs with) as JSON data,
 * when JSON carries them exactly; otherwise `undefined` (a transform to a Date, a Map, a class instance, an
 * `undefined` array item): the descriptor then shows the proposed arguments, validated again on resume.
 */
function jsonArguments(params: Record<string, unknown>): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = canonicalJson(params);
  } catch {
    return undefined;
  }
  const copy: unknown = JSON.parse(text);
  return typeof copy === 'object' && copy !== null && !Array.isArray(copy) && jsonEqual(copy, params)
    ? (copy as Record<string, unknown>)
    : undefined;
}

/**
 * The arguments the model proposed, before validation: shown when the validated ones are not JSON data,
 * and validated again on resume. `params` only when the call's arguments cannot be read again.
 */
function proposedArguments(state: CallState, params: Record<string, unknown>): Record<string, unknown> {
  try {
    const parsed = parseArguments(state.call.arguments);
    if (!(parsed instanceof ArgumentsFailure)) return parsed;
  } catch {
    // A getter that throws on a second read: the validated arguments are all there is.
  }
  return params;
}

/** A JSON round trip, so the descriptor stays serializable whatever the validated arguments hold. */
function toJsonObject(value: Record<string, unknown>): Record<string, unknown> {
  const copy = toJsonValue(value);
  return typeof copy === 'object' && copy !== null && !Array.isArray(copy)
    ? (copy as Record<string, unknown>)
    : {};
}

function toJsonValue(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : JSON.parse(text);
  } catch {
    return null;
  }
}
