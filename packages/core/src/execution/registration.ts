import type { ApprovalRequirement } from '@armorer/approval';
import type { ApprovalRuntime } from '../approval/approval-runtime';
import type { ApprovalSettings } from '../approval/approval-settings';
import { EventHub } from '../events/event-hub';
import type { ToolPolicy } from '../policy/types';
import { declaresReadOnly } from '../tool/metadata';
import type { StandardSchemaV1 } from '../tool/standard-schema-types';
import type { AnyTool, ToolConfiguration } from '../tool/types';
import { ExecutionTracker } from './lifetime/tracker';
import type { ExecutionObserver } from './observer';
import type { ConcurrencyGate } from './stages/concurrency-gate';

/** What the owner of an execution (a toolbox, or a tool called directly) contributes to it. */
export interface ExecutionOwner {
  readonly emitter: EventHub;
  /** The lifetime of the work this owner admitted. */
  readonly tracker: ExecutionTracker;
  /** Revision identifiers from the owner's options, for privileged snapshots. */
  readonly revisions: {
    readonly toolboxRevision: string | undefined;
    readonly policyRevision: string | undefined;
    readonly approvalRevision: string | undefined;
  };
  /** Changes whenever the owner's set of tools changes. */
  catalogRevision(): number;
  readonly context: Readonly<Record<string, unknown>>;
  readonly policy: ToolPolicy | undefined;
  readonly policyContext: Readonly<Record<string, unknown>> | undefined;
  /**
   * `true` denies tools that mutate (`metadata.mutates: true` or `readOnly: false`); `'declared'` runs only
   * tools that declare `metadata.readOnly: true`.
   */
  readonly readOnly: boolean | 'declared';
  readonly allowMutation: boolean;
  readonly allowDangerous: boolean;
  readonly telemetry: boolean;
  /** Observes every admitted call (tracing); installed after creation, `undefined` costs nothing. */
  observer: ExecutionObserver | undefined;
  /** The owner's checked approval options; undefined when it configures no approval. */
  readonly approvalSettings?: ApprovalSettings | undefined;
  /**
   * Approval signing and stores, once loaded (`approvalSettings.load()`, which the pipeline awaits before
   * a pause or a grant lookup); undefined before that and when the owner configures no approval.
   */
  readonly approval?: ApprovalRuntime | undefined;
}

/** A tool as registered with one owner: everything the hot path needs, computed once. */
export interface Registration {
  readonly tool: AnyTool;
  readonly config: ToolConfiguration;
  /** The tool's own listeners. */
  readonly emitter: EventHub;
  readonly owner: ExecutionOwner;
  /** Owner context merged under the tool context, reserved keys removed; undefined when empty. */
  readonly userContext: Readonly<Record<string, unknown>> | undefined;
  /** The merged context availability hooks and policies read. */
  readonly context: Readonly<Record<string, unknown>>;
  /**
   * Decided at registration from metadata and the owner's enforcement options: the option that refuses
   * the tool (its error is described by `metadataDenied` in `./failures` when a call meets it), or
   * `'warnUndeclared'` for a tool that runs under `readOnly: true` without declaring either way: its first
   * call fires the owner's `warning` event once, then clears this.
   */
  metadataDenial: MetadataDenial | 'warnUndeclared' | undefined;
  readonly hasBeforeExecute: boolean;
  readonly hasAfterExecute: boolean;
  /** The schema every result is validated against (`output`, or `metadata.outputSchema` as a schema). */
  readonly output: StandardSchemaV1 | undefined;
  /** An output schema or an `afterExecute` hook: a value the implementation returns is finished by the waiting stages. */
  readonly finishesLater: boolean;
  readonly telemetry: boolean;
  /** The per-tool concurrency limit (`metadata.concurrency`); undefined when the tool has none. */
  readonly concurrency: number | undefined;
  /**
   * The gate enforcing `concurrency`, shared by every call through this owner: created by the waiting
   * stages with the first call (a tool without a limit never loads it).
   */
  gate: ConcurrencyGate | undefined;
  /** What the owner's approval policy requires of this tool; undefined when it asks and requires nothing. */
  readonly approvalGate: ApprovalRequirement | undefined;
  /** Whether the implementation can see a call context (`readsContext`), decided on its first call. */
  passContext: boolean | undefined;
}

/** The enforcement option that refuses a tool for its metadata. */
export type MetadataDenial = 'readOnly' | 'readOnlyDeclared' | 'allowMutation' | 'allowDangerous';

/** Keys armorer sets on every tool context; a user context cannot shadow them. */
export const RESERVED_CONTEXT_KEYS: ReadonlySet<string> = new Set([
  'toolName',
  'callId',
  'executionId',
  'ownerId',
  'requestContext',
  'metadata',
  'signal',
  'dispatch',
  'progress',
]);

/** An owner with no context, policy or enforcement: what a tool executed directly runs under. */
export function createStandaloneOwner(emitter: EventHub = new EventHub()): ExecutionOwner {
  return {
    emitter,
    tracker: new ExecutionTracker(),
    revisions: { toolboxRevision: undefined, policyRevision: undefined, approvalRevision: undefined },
    catalogRevision: () => 1,
    context: Object.freeze({}),
    policy: undefined,
    policyContext: undefined,
    readOnly: false,
    allowMutation: true,
    allowDangerous: true,
    telemetry: false,
    observer: undefined,
  };
}

/** Precomputes a {@link Registration}. */
export function createRegistration(
  tool: AnyTool,
  config: ToolConfiguration,
  emitter: EventHub,
  owner: ExecutionOwner,
): Registration {
  const merged: Record<string, unknown> = { ...owner.context, ...config.context };
  const userContext: Record<string, unknown> = {};
  let hasUserContext = false;
  for (const key of Object.keys(merged)) {
    if (RESERVED_CONTEXT_KEYS.has(key)) continue;
    userContext[key] = merged[key];
    hasUserContext = true;
  }
  const hasAfterExecute =
    typeof owner.policy?.afterExecute === 'function' || typeof config.policy?.afterExecute === 'function';
  return {
    tool,
    config,
    emitter,
    owner,
    userContext: hasUserContext ? Object.freeze(userContext) : undefined,
    context: Object.freeze(merged),
    metadataDenial: metadataDenial(config, owner),
    hasBeforeExecute:
      typeof owner.policy?.beforeExecute === 'function' || typeof config.policy?.beforeExecute === 'function',
    hasAfterExecute,
    output: config.output,
    finishesLater: hasAfterExecute || config.output !== undefined,
    telemetry: owner.telemetry || config.telemetry,
    concurrency: config.metadata?.concurrency,
    gate: undefined,
    approvalGate: owner.approvalSettings?.requirementFor(config),
    passContext: undefined,
  };
}

function metadataDenial(
  config: ToolConfiguration,
  owner: ExecutionOwner,
): MetadataDenial | 'warnUndeclared' | undefined {
  const metadata = config.metadata;
  const mutates = metadata?.mutates === true || metadata?.readOnly === false;
  if (owner.readOnly === 'declared' && metadata?.readOnly !== true) return 'readOnlyDeclared';
  if (mutates && owner.readOnly === true) return 'readOnly';
  if (metadata?.mutates === true && !owner.allowMutation) return 'allowMutation';
  if (metadata?.dangerous === true && !owner.allowDangerous) return 'allowDangerous';
  if (owner.readOnly === true && !declaresReadOnly(metadata)) return 'warnUndeclared';
  return undefined;
}
