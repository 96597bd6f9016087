import type { IssuedApprovalBinding } from '@armorer/approval';
import type { ApprovalContext } from '../approval/resume-state';
import type { ToolCall } from '../execution/types';
import type { ToolMetadata } from '../tool/types';
import type { RequestContext } from './request-context';

/** The four states a policy decision can take. */
export type PolicyStatus = 'allow' | 'deny' | 'needs_approval' | 'needs_input';

/**
 * What a `beforeExecute` hook returns. `allow` may be omitted whenever `status` is present: it is
 * derived from it (`allow` -> true; `deny`, `needs_approval`, `needs_input` -> false). Returning nothing
 * (or `true`) allows the call; `false` denies it.
 */
export interface PolicyDecision {
  readonly allow?: boolean;
  readonly status?: PolicyStatus;
  /** Shown to the model and recorded on the result. */
  readonly reason?: string;
  /** For `needs_input`: a description (for example a JSON Schema) of the input requested from a human. */
  readonly input?: unknown;
  /**
   * On allow: the capabilities the call may use. Intersected with the host's
   * `requestContext.authority.capabilities`, so a policy can narrow authority and never add to it.
   */
  readonly capabilities?: readonly string[];
}

/** The value a policy hook may return. */
export type PolicyHookResult = PolicyDecision | boolean | undefined | void;

/** Everything a `beforeExecute` hook can read about the call it decides on. */
export interface PolicyContext<TParams = Record<string, unknown>> {
  readonly toolName: string;
  readonly callId: string;
  readonly executionId: string;
  readonly ownerId: string | undefined;
  /** Validated arguments. */
  readonly params: TParams;
  readonly call: ToolCall;
  readonly description: string;
  readonly tags: readonly string[];
  readonly metadata: ToolMetadata | undefined;
  /** The toolbox context (empty for a call made directly on a tool). */
  readonly context: Readonly<Record<string, unknown>>;
  /** The registry-level `policyContext` option of the toolbox. */
  readonly policyContext: Readonly<Record<string, unknown>> | undefined;
  /** The caller's request context, frozen. */
  readonly requestContext: RequestContext | undefined;
  /** Set when the call resumes a paused approval: a person approved it, possibly with edited arguments. */
  readonly approval?: ApprovalContext | undefined;
}

/** What an `afterExecute` hook can read: the policy context plus the outcome of the implementation. */
export interface AfterExecuteContext<TParams = Record<string, unknown>> extends PolicyContext<TParams> {
  readonly outcome: 'success' | 'error';
  readonly result: unknown;
  readonly error: unknown;
}

/**
 * Policy hooks, at registry level (`createToolbox(tools, { policy })`) or per tool (`createTool({ policy })`).
 * Registry hooks run first; the first decision that does not allow ends the call.
 */
export interface ToolPolicy {
  beforeExecute?(context: PolicyContext): PolicyHookResult | Promise<PolicyHookResult>;
  /** Runs after a successful implementation; a deny withholds the result from the caller. */
  afterExecute?(context: AfterExecuteContext): PolicyHookResult | Promise<PolicyHookResult>;
}

/**
 * A paused call, JSON-serializable, handed to the host when a policy answers `needs_approval` or
 * `needs_input`. `binding` is the signed, resumable approval binding (see `toolbox.resumeApproval`); it
 * is absent when the toolbox has no approval secret, and such a descriptor cannot be resumed.
 */
export interface PendingApproval {
  readonly version: 1;
  readonly kind: 'approval' | 'input';
  readonly status: 'needs_approval' | 'needs_input';
  readonly callId: string;
  readonly toolName: string;
  readonly executionId: string;
  /**
   * The call to approve. Its arguments are the validated ones (schema defaults and transforms applied:
   * exactly what the tool runs with) when JSON can carry them; otherwise the ones the model proposed
   * (see `argumentsValidated`).
   */
  readonly proposedCall: {
    readonly id: string;
    readonly name: string;
    readonly arguments: Record<string, unknown>;
  };
  /**
   * `true`: `proposedCall.arguments` are the validated arguments, run as they are on resume. `false`: the
   * validated ones are not JSON data (a Date, a Map), so these are the proposed ones, validated on resume.
   */
  readonly argumentsValidated: boolean;
  readonly reason?: string;
  readonly requestedInput?: unknown;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  /**
   * The signed binding (only under an `approvalSecret` or `approvalKeys`): a version 3 envelope
   * (`{ version, payload, signature, keyId? }`) for approvals issued now, or a version 2 envelope or
   * version 1 binding from earlier releases. Read its fields with `parseApprovalBinding` from
   * `@armorer/approval`.
   */
  readonly binding?: IssuedApprovalBinding;
}
