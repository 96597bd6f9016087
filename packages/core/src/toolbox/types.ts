import type {
  ApprovalBindingState,
  ApprovalKey,
  ApprovalPolicy,
  ApprovalSecret,
  ApprovalStateStore,
  GrantFilter,
  GrantRequest,
  GrantStateStore,
  ReusableApprovalGrant,
} from '@armorer/approval';
import type { ResumeApprovalOptions, ResumedToolResult } from '../approval/types';
import type { EventSource, ToolboxEventMap } from '../events/types';
import type {
  AbortScope,
  Executions,
  ShutdownOptions,
  ShutdownReport,
} from '../execution/snapshots/snapshot-types';
import type { BatchExecuteOptions, ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';
import type { ToolMiddleware } from '../middleware/create-middleware';
import type { ToolPolicy } from '../policy/types';
import type { AnyTool, SerializedTool, ToolExecute, ToolLike } from '../tool/types';
import type { ToolboxEmbedder } from './embedder';
import type { LoopDetectionOptions } from './loop-detection';
import type { ProviderExportOptions, ProviderName, ProviderToolDeclaration } from './provider-exporters';

/** Options of `createToolbox`. */
export interface ToolboxOptions<TContext extends object = Record<string, unknown>> {
  /** Shared context merged into every tool's context (the tool's own context wins). */
  readonly context?: TContext;
  /** Registry-level policy; runs before each tool's own policy. */
  readonly policy?: ToolPolicy;
  /** Registry-level values a policy reads (tenant, approval context). */
  readonly policyContext?: Readonly<Record<string, unknown>>;
  /** Transforms tool configurations at registration. */
  readonly middleware?: readonly ToolMiddleware[];
  /**
   * `true` denies tools that declare they mutate (`metadata.mutates: true` or `metadata.readOnly:
   * false`); tools that declare neither way still run, and the toolbox's `warning` event reports each
   * once. `'declared'` is the strict mode: only tools that declare `metadata.readOnly: true` run.
   */
  readonly readOnly?: boolean | 'declared';
  /** `false` denies tools with `metadata.mutates`. Default true. */
  readonly allowMutation?: boolean;
  /** `false` denies tools with `metadata.dangerous`. Default true. */
  readonly allowDangerous?: boolean;
  /** Emit `tool.started` / `tool.finished` for every call. */
  readonly telemetry?: boolean;
  /** The owner's signal: aborting it cancels the toolbox's work. Never forwarded by `combineToolboxes`. */
  readonly signal?: AbortSignal;
  /** Resolve mangled tool names (case, separators, namespace prefixes); ambiguous names stay not-found. */
  readonly resolution?: boolean;
  /** Detect and stop a model stuck repeating calls (`true` for the defaults: warn at 5, block at 10). */
  readonly loopDetection?: boolean | LoopDetectionOptions;
  /** Limit the calls each owner may make through this toolbox (`budget-exceeded`, BUDGET_EXCEEDED). */
  readonly budget?: { readonly maxCalls: number };
  /** Turns texts into vectors for semantic tool search (used by `armorer/query` and `armorer/tools`). */
  readonly embedder?: ToolboxEmbedder;
  /** Supplies implementations when hydrating serialized tool configurations. */
  readonly getTool?: (
    configuration: SerializedTool,
  ) => ToolExecute<Record<string, unknown>, unknown> | undefined;
  /** The two-axis capability approval policy (capability deny; `mode` decides which calls ask). */
  readonly approvalPolicy?: ApprovalPolicy;
  /**
   * HMAC secret that signs pending approvals and grants: at least 32 bytes (a string's UTF-8). Never
   * readable back from a toolbox. Use the same secret wherever approvals are resumed. A one-key ring: to
   * rotate, move to `approvalKeys`. Required (checked by `createToolbox`, which throws
   * INVALID_TOOLBOX_OPTIONS naming it) whenever the toolbox can issue an approval or a grant: an
   * `approvalPolicy` whose `mode` asks, an approval or grant store, or this option written out (so
   * `approvalSecret: process.env.UNSET` fails at once). Without any of these a `needs_approval` hook
   * pauses unsigned (such a pause cannot be resumed).
   */
  readonly approvalSecret?: ApprovalSecret | undefined;
  /**
   * A keyring instead of `approvalSecret`: the first key signs approvals and grants, every key verifies,
   * the signing key's id travels with what it signs. Rotate by putting a new key first and keeping the old
   * one until what it signed has expired (`approvalBindingTtlMs`, and the grants' `expiresAt`). 1 to 16
   * keys, ids of 1 to 64 letters, digits, `.`, `_`, `:`, `-`, every secret at least 32 bytes.
   */
  readonly approvalKeys?: readonly ApprovalKey[] | undefined;
  /**
   * The most bytes (UTF-8 of their canonical JSON) the arguments of a pending approval may take when they
   * are signed (default 65 536). A pause past it is refused (`APPROVAL_INVALID`, reason
   * `arguments-too-large`), and a binding whose payload is far larger is refused before its signature is
   * computed. Use the same value wherever approvals are resumed.
   */
  readonly approvalMaxArgumentsBytes?: number;
  /** Where approval bindings live (default: process-local whenever `approvalSecret` is set). */
  readonly approvalStateStore?: ApprovalStateStore;
  /** Where reusable grants live (default: process-local whenever `approvalSecret` is set). */
  readonly grantStateStore?: GrantStateStore;
  /** How long a pending approval can be resumed (default 24 hours). */
  readonly approvalBindingTtlMs?: number;
  /** The clock of approvals and grants (default `Date.now`). */
  readonly approvalNow?: () => number;
  /** The nonce source of approval bindings (default 128 random bits). */
  readonly approvalNonce?: () => string;
  /** Revisions a binding is signed over: a change makes pending approvals fail closed. */
  readonly policyRevision?: string;
  readonly approvalRevision?: string;
  readonly toolboxRevision?: string;
}

/** What `toolbox.toJSON()` returns and `createToolbox` hydrates. The context is never serialized. */
export interface SerializedToolbox {
  readonly version: 1;
  readonly tools: readonly SerializedTool[];
}

/** A tool call addressed to a toolbox. */
export type ToolboxCall<TName extends string = string> = ToolCall<TName>;

/** The result type of the tool named `TName` in a union of tools. */
export type ResultOfTool<TTools extends ToolLike, TName extends string> =
  Extract<TTools, ToolLike<TName>> extends infer TTool
    ? [TTool] extends [never]
      ? unknown
      : TTool extends { readonly '~types'?: { readonly result: infer TResult } }
        ? TResult
        : unknown
    : unknown;

/** The lifetime of the work a tool or toolbox owns. */
export interface ExecutionLifetime {
  /** Admitted calls that have not reached a terminal or unknown-effect state. */
  readonly activeExecutions: number;
  /** Aborted when the owner completes (or shuts down with the abort policy). */
  readonly executionSignal: AbortSignal;
  readonly completed: boolean;
  readonly admissionClosed: boolean;
  /** Immutable, revisioned snapshots of the owner's executions. */
  readonly executions: Executions;
  /** Resolves once every admitted call is terminal or explicitly unknown-effect. */
  whenIdle(): Promise<void>;
  /** Idempotent: closes admission, requests cancellation of active work, resolves when idle. */
  complete(): Promise<void>;
  /** Rejects new calls (TOOLBOX_CLOSED) while admitted work continues. */
  closeAdmission(): void;
  /** Closes admission, then drains or aborts admitted work, and reports how every execution ended. */
  shutdown(options?: ShutdownOptions): Promise<ShutdownReport>;
  /** Requests cancellation of the live executions in scope (all of them without a scope). */
  abort(scope?: AbortScope, reason?: string): number;
}

/** A registry of tools: validated execution, events, policy, composition and execution lifetime. */
export interface Toolbox<TTools extends ToolLike = AnyTool, TContext extends object = Record<string, unknown>>
  extends ExecutionLifetime,
    EventSource<ToolboxEventMap> {
  /** The shared context (frozen). */
  readonly context: Readonly<TContext>;
  /** Number of registered tools. */
  readonly size: number;
  /** Registers tools (or serialized configurations) in this toolbox; duplicate names throw. */
  register(...tools: readonly (AnyTool | SerializedTool)[]): this;
  /**
   * A new toolbox with this one's tools plus the given tools or toolboxes (contexts shallow-merged, last
   * wins); this one never changes.
   */
  extend<const TItems extends readonly (AnyToolbox | ToolLike | readonly ToolLike[])[]>(
    ...items: TItems
  ): Toolbox<TTools | ToolsOfItems<TItems[number]>, MergedContext<[Toolbox<TTools, TContext>, ...TItems]>>;
  /** The registered tools, in registration order. */
  tools(): readonly (TTools & AnyTool)[];
  /** The registered tool names, in registration order. */
  names(): readonly TTools['name'][];
  getTool<TName extends TTools['name']>(
    name: TName,
  ): (string extends TTools['name'] ? AnyTool : Extract<TTools, ToolLike<TName>> & AnyTool) | undefined;
  has(name: string): boolean;
  /** Tools whose `availability` hook passes against the toolbox context. */
  getAvailable(): Promise<readonly (TTools & AnyTool)[]>;
  /** Executes one call; the result is typed by the tool name. Never throws for tool failures. */
  execute<TName extends TTools['name']>(
    call: ToolboxCall<TName>,
    options?: ToolExecuteOptions,
  ): Promise<ToolResult<ResultOfTool<TTools, TName>>>;
  execute(call: ToolboxCall, options?: ToolExecuteOptions): Promise<ToolResult>;
  /** Executes a batch; results come back in call order. */
  execute(calls: readonly ToolboxCall[], options?: BatchExecuteOptions): Promise<ToolResult[]>;
  /**
   * Resumes a paused call once a person approved it: verifies the descriptor's signature, checks the
   * current request context and revisions against its binding, consumes the binding once through the
   * approval state store, runs the signed validated arguments (or validates edited or proposed ones) and
   * re-runs policy. Every refusal fails closed: the tool never runs. A refused approval answers outcome
   * `denied`, code APPROVAL_INVALID; a toolbox that was shut down answers TOOLBOX_CLOSED (the approval
   * stays usable); a refusal of the call itself keeps its own code (INVALID_ARGUMENTS, POLICY_DENIED, ...).
   */
  resumeApproval(descriptor: unknown, options: ResumeApprovalOptions): Promise<ResumedToolResult>;
  /**
   * Answers `issued` for an approval pending in the store, and re-records one only when the store proves
   * it never held it (its epoch, see `ApprovalStateStore.restore`). Never revives a consumed, revoked or
   * possibly lost one: throws an ApprovalError (`not-restorable`, `already-consumed`, `revoked`, ...).
   */
  restoreApproval(descriptor: unknown): Promise<ApprovalBindingState>;
  /** Revokes a pending approval; a consumed one cannot be revoked. Throws an ApprovalError on refusal. */
  revokeApproval(descriptor: unknown): Promise<void>;
  /** Mints, signs and stores a reusable approval grant (needs `approvalSecret` or `approvalKeys`). Throws a GrantError. */
  issueGrant(request: GrantRequest): Promise<ReusableApprovalGrant>;
  /** The grants in the toolbox's grant store that match the filter. */
  listGrants(filter?: GrantFilter): Promise<readonly ReusableApprovalGrant[]>;
  /** Revokes a grant. Idempotent. */
  revokeGrant(id: string): Promise<void>;
  toJSON(): SerializedToolbox;
  /** OpenAI tool declarations of the available tools (loads `@armorer/adapter-openai` on first use). */
  toOpenAITools(options?: ProviderExportOptions): Promise<readonly ProviderToolDeclaration[]>;
  /** Anthropic tool declarations of the available tools (loads `@armorer/adapter-anthropic`). */
  toAnthropicTools(options?: ProviderExportOptions): Promise<readonly ProviderToolDeclaration[]>;
  /** Gemini function declarations of the available tools (loads `@armorer/adapter-gemini`). */
  toGeminiTools(options?: ProviderExportOptions): Promise<readonly ProviderToolDeclaration[]>;
  /** The manifest of the available tools for a provider. */
  toProvider(
    provider: ProviderName,
    options?: ProviderExportOptions,
  ): Promise<readonly ProviderToolDeclaration[]>;
}

/** Any toolbox, whatever its tools and context. */
export interface AnyToolbox {
  readonly context: Readonly<object>;
  tools(): readonly ToolLike[];
}

/** The tools of one item given to `extend`: a toolbox, a tool or an array of tools. */
export type ToolsOfItems<TItem> = TItem extends { tools(): readonly (infer TTool)[] }
  ? Extract<TTool, ToolLike>
  : TItem extends readonly (infer TTool)[]
    ? Extract<TTool, ToolLike>
    : Extract<TItem, ToolLike>;

/** The union of the tools of several toolboxes. */
export type ToolsOfToolboxes<TToolboxes extends readonly unknown[]> = [TToolboxes[number]] extends [never]
  ? AnyTool
  : ToolsOfItems<TToolboxes[number]>;

type ContextOf<TItem> = TItem extends { readonly context: Readonly<infer TContext> }
  ? TContext
  : Record<never, never>;

/** Contexts merged left to right, later keys winning, as `extend` and `combineToolboxes` merge them. */
export type MergedContext<
  TItems extends readonly unknown[],
  TAcc extends object = Record<never, never>,
> = TItems extends readonly [infer THead, ...infer TRest]
  ? MergedContext<TRest, Omit<TAcc, keyof ContextOf<THead>> & ContextOf<THead>>
  : { [K in keyof TAcc]: TAcc[K] };
