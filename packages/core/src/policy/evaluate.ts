import { createToolError } from '../errors/create-tool-error';
import { sentence } from '../errors/sentence';
import { describeThrown, type ToolError } from '../errors/tool-error';
import type { PolicyContext, PolicyHookResult, PolicyStatus, ToolPolicy } from './types';

/** A policy outcome that stops the call. `undefined` stands for allow. */
export interface PolicyStop {
  readonly status: Exclude<PolicyStatus, 'allow'>;
  readonly reason: string;
  readonly input?: unknown;
  readonly error: ToolError;
}

const STATUSES: ReadonlySet<string> = new Set(['allow', 'deny', 'needs_approval', 'needs_input']);

/**
 * Normalizes what a hook returned. `allow` is derived from `status` when omitted; a decision whose
 * `allow` contradicts its `status`, or whose shape is unknown, fails closed as a denial.
 */
export function normalizeDecision(
  toolName: string,
  decision: PolicyHookResult,
  stage: string,
): PolicyStop | undefined {
  if (decision === undefined || decision === null || decision === true) return undefined;
  if (decision === false) return deny(toolName, undefined, stage);
  if (typeof decision !== 'object') return invalid(toolName, stage, `it returned a ${typeof decision}`);
  const { status, allow, reason } = decision;
  const reasonText = typeof reason === 'string' && reason.length > 0 ? reason : undefined;
  if (status === undefined) {
    if (allow === undefined || allow === true) return undefined;
    if (allow === false) return deny(toolName, reasonText, stage);
    return invalid(toolName, stage, '`allow` is not a boolean');
  }
  if (typeof status !== 'string' || !STATUSES.has(status)) {
    return invalid(toolName, stage, `unknown status ${JSON.stringify(status)}`);
  }
  if (allow !== undefined && allow !== (status === 'allow')) {
    return invalid(toolName, stage, `\`allow: ${String(allow)}\` contradicts \`status: ${status}\``);
  }
  if (status === 'allow') return undefined;
  if (status === 'deny') return deny(toolName, reasonText, stage);
  const needsInput = status === 'needs_input';
  const message =
    reasonText ??
    (needsInput
      ? `Tool "${toolName}" needs more input from a person.`
      : `Tool "${toolName}" needs approval.`);
  return {
    status,
    reason: message,
    input: decision.input,
    error: createToolError(
      needsInput ? 'INPUT_REQUIRED' : 'APPROVAL_REQUIRED',
      needsInput
        ? `Tool "${toolName}" is waiting for input from a person: ${sentence(message)}`
        : `Tool "${toolName}" is waiting for human approval: ${sentence(message)} Do not retry it; wait for the result.`,
      { details: { reason: message } },
    ),
  };
}

function deny(toolName: string, reason: string | undefined, stage: string): PolicyStop {
  const text = reason ?? `denied by policy (${stage})`;
  return {
    status: 'deny',
    reason: text,
    error: createToolError(
      'POLICY_DENIED',
      `Tool "${toolName}" was denied: ${sentence(text)} Do not retry the same call.`,
      {
        details: { reason: text },
      },
    ),
  };
}

function invalid(toolName: string, stage: string, problem: string): PolicyStop {
  const reason = `the ${stage} policy returned an invalid decision (${problem})`;
  return {
    status: 'deny',
    reason,
    error: createToolError('POLICY_ERROR', `Tool "${toolName}" was denied: ${sentence(reason)}`, {
      details: { reason },
    }),
  };
}

/** Narrows the request authority with the capabilities an allowing decision lists; returns the new context. */
export type CapabilityNarrowing = (capabilities: readonly string[]) => PolicyContext;

/** Runs a hook and fails closed when it throws. */
async function runHook(
  toolName: string,
  stage: string,
  hook: (context: never) => PolicyHookResult | Promise<PolicyHookResult>,
  context: PolicyContext,
  narrow: CapabilityNarrowing | undefined,
): Promise<PolicyStop | PolicyContext | undefined> {
  let decision: PolicyHookResult;
  try {
    decision = await hook(context as never);
  } catch (error) {
    const reason = `the ${stage} policy threw: ${describeThrown(error)}`;
    return {
      status: 'deny',
      reason,
      error: createToolError('POLICY_ERROR', `Tool "${toolName}" was denied because ${sentence(reason)}`, {
        details: { reason },
        cause: error,
      }),
    };
  }
  const stop = normalizeDecision(toolName, decision, stage);
  if (stop !== undefined) return stop;
  const capabilities = typeof decision === 'object' && decision !== null ? decision.capabilities : undefined;
  if (capabilities === undefined || narrow === undefined) return undefined;
  if (!Array.isArray(capabilities) || capabilities.some((capability) => typeof capability !== 'string')) {
    return invalid(toolName, stage, '`capabilities` is not an array of strings');
  }
  return narrow(capabilities);
}

function isStop(value: PolicyStop | PolicyContext | undefined): value is PolicyStop {
  return value !== undefined && 'status' in value && 'error' in value;
}

/**
 * Runs the registry hook, then the tool hook, of one stage; the first stop wins. An allowing decision
 * with `capabilities` narrows the authority the next hook and the tool see (never widens it).
 */
export async function runPolicyStage(
  toolName: string,
  stage: 'beforeExecute' | 'afterExecute',
  registry: ToolPolicy | undefined,
  tool: ToolPolicy | undefined,
  context: PolicyContext,
  narrow?: CapabilityNarrowing,
): Promise<PolicyStop | undefined> {
  let current = context;
  const registryHook = registry?.[stage];
  if (typeof registryHook === 'function') {
    const outcome = await runHook(
      toolName,
      `registry ${stage}`,
      registryHook.bind(registry),
      current,
      narrow,
    );
    if (isStop(outcome)) return outcome;
    if (outcome !== undefined) current = outcome;
  }
  const toolHook = tool?.[stage];
  if (typeof toolHook === 'function') {
    const outcome = await runHook(toolName, `tool ${stage}`, toolHook.bind(tool), current, narrow);
    if (isStop(outcome)) return outcome;
  }
  return undefined;
}
