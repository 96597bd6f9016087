import type {
  ApprovalPolicy,
  ApprovalRequirement,
  ApprovalStateStore,
  GrantStateStore,
} from '@armorer/approval';
import { DEFAULT_MAX_ARGUMENTS_BYTES, resolveApprovalRequirement } from '@armorer/approval';
import { later } from '../chunks/later';
import { ToolboxError } from '../errors/armorer-error';
import type { ToolConfiguration } from '../tool/types';
import type { ToolboxOptions } from '../toolbox/types';
import type { ApprovalRuntime } from './approval-runtime';
import { checkedKeys, type SigningMaterial } from './signing-material';

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

/** Signing, verification and the default stores: a chunk loaded with the first pause, grant or resume. */
const runtimes = /* @__PURE__ */ later(() => import('./approval-runtime'));

/**
 * Where a toolbox's resolved options keep their approval settings, so that `extend` and
 * `combineToolboxes` share one runtime (one signing key, the same default stores) with the original.
 */
export const APPROVAL_SETTINGS: unique symbol = Symbol('armorer.approvalSettings');

/** The revisions a toolbox was created with, as bindings record them. */
export interface ApprovalRevisions {
  readonly toolboxRevision: string | null;
  readonly policyRevision: string | null;
  readonly approvalRevision: string | null;
}

function invalidOption(message: string): ToolboxError {
  return new ToolboxError({ code: 'INVALID_TOOLBOX_OPTIONS', message });
}

/**
 * Why a toolbox with these options can issue an approval or a grant, and so needs a valid secret, or
 * `undefined`: a secret written out (even unset), keys, an approval policy whose mode asks, or an approval
 * or grant store. A policy hook alone cannot be known to ask: it keeps the unsigned pause.
 */
function issuing(options: ToolboxOptions<object>): string | undefined {
  const mode = options.approvalPolicy?.mode;
  if (Object.hasOwn(options, 'approvalSecret')) return 'the option is written out';
  if (mode === 'always' || mode === 'risky') return `approvalPolicy mode "${mode}"`;
  if (options.approvalStateStore !== undefined) return 'approvalStateStore';
  if (options.grantStateStore !== undefined) return 'grantStateStore';
  return undefined;
}

/**
 * A toolbox's approval options, checked when the toolbox is created (so a bad option still fails
 * `createToolbox`), with what registration needs synchronously: the approval policy's requirement per
 * tool. The signing key, the default stores, signing and verification live in {@link ApprovalRuntime},
 * which loads on the first call that pauses, asks or manages approvals (see {@link load}), so a toolbox
 * that never does keeps HMAC and the stores out of its bundle.
 */
export class ApprovalSettings {
  /** The secret or keys are held privately and handed only to the runtime it builds; never readable back. */
  readonly #material: SigningMaterial | undefined;
  /** Whether pending approvals will be signed (an `approvalSecret` or `approvalKeys` is configured). */
  readonly signs: boolean;
  readonly store: ApprovalStateStore | undefined;
  readonly grants: GrantStateStore | undefined;
  readonly policy: ApprovalPolicy | undefined;
  readonly ttlMs: number;
  readonly maxArgumentsBytes: number;
  readonly revisions: ApprovalRevisions;
  readonly clock: () => number;
  readonly nonceSource: (() => string) | undefined;
  #runtime: ApprovalRuntime | undefined;

  private constructor(options: ToolboxOptions<object>) {
    const policy = options.approvalPolicy;
    if (policy !== undefined && (typeof policy !== 'object' || policy === null)) {
      throw invalidOption('approvalPolicy must be an object.');
    }
    // Checked (and copied) now: the key is built lazily, on the first pause, and a host that wipes its
    // buffer after creating the toolbox must not leave it signing with the wiped (known) bytes.
    this.#material = checkedKeys(options, issuing(options));
    this.signs = this.#material !== undefined;
    this.store = options.approvalStateStore;
    this.grants = options.grantStateStore;
    this.policy = policy;
    const ttl = options.approvalBindingTtlMs ?? DEFAULT_TTL_MS;
    if (!(typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0)) {
      throw invalidOption('approvalBindingTtlMs must be a positive number of milliseconds.');
    }
    this.ttlMs = Math.ceil(ttl);
    const limit = options.approvalMaxArgumentsBytes ?? DEFAULT_MAX_ARGUMENTS_BYTES;
    if (!(typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0)) {
      throw invalidOption('approvalMaxArgumentsBytes must be a positive integer (bytes).');
    }
    this.maxArgumentsBytes = limit;
    for (const name of ['approvalNow', 'approvalNonce'] as const) {
      if (options[name] !== undefined && typeof options[name] !== 'function') {
        throw invalidOption(`${name} must be a function.`);
      }
    }
    this.clock = options.approvalNow ?? Date.now;
    this.nonceSource = options.approvalNonce;
    this.revisions = {
      toolboxRevision: options.toolboxRevision ?? null,
      policyRevision: options.policyRevision ?? null,
      approvalRevision: options.approvalRevision ?? null,
    };
  }

  /**
   * The settings of a toolbox's options, or `undefined` when it configures no approval at all. Options
   * resolved by another toolbox (`extend`, `combineToolboxes`) carry that toolbox's settings: they are
   * shared, not rebuilt.
   */
  static from(options: ToolboxOptions<object>): ApprovalSettings | undefined {
    const shared = (options as { [APPROVAL_SETTINGS]?: ApprovalSettings })[APPROVAL_SETTINGS];
    if (shared instanceof ApprovalSettings) return shared;
    if (
      !Object.hasOwn(options, 'approvalSecret') &&
      options.approvalKeys === undefined &&
      options.approvalPolicy === undefined &&
      options.approvalStateStore === undefined &&
      options.grantStateStore === undefined &&
      options.approvalMaxArgumentsBytes === undefined
    ) {
      return undefined;
    }
    return new ApprovalSettings(options);
  }

  /** The runtime once loaded; `undefined` before the first {@link load}. */
  get runtime(): ApprovalRuntime | undefined {
    return this.#runtime;
  }

  /** Loads the runtime once (a lazy chunk in bundles); every later call gets the same one. */
  load(): Promise<ApprovalRuntime> {
    if (this.#runtime !== undefined) return Promise.resolve(this.#runtime);
    return runtimes.load().then((module) => {
      this.#runtime ??= module.ApprovalRuntime.create(this, this.#material);
      return this.#runtime;
    });
  }

  /** What the approval policy decides for a tool, computed once at registration. */
  requirementFor(config: ToolConfiguration): ApprovalRequirement | undefined {
    if (this.policy === undefined) return undefined;
    try {
      return resolveApprovalRequirement(this.policy, {
        name: config.name,
        tags: config.tags,
        metadata: config.metadata,
      });
    } catch (error) {
      throw new ToolboxError({
        code: 'INVALID_TOOLBOX_OPTIONS',
        message: `approvalPolicy cannot be applied to "${config.name}": ${(error as Error).message}`,
        cause: error,
      });
    }
  }

  toJSON(): string {
    return '[ApprovalSettings]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[ApprovalSettings]';
  }
}
