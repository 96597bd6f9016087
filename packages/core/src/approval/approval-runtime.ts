import {
  type ApprovalBinding,
  type ApprovalPolicy,
  type ApprovalRequirement,
  type ApprovalStateStore,
  createNonce,
  createProcessLocalApprovalStateStore,
  createProcessLocalGrantStateStore,
  createSigningKey,
  type GrantStateStore,
  isApprovalSecret,
  type ReusableApprovalGrant,
  resolveApprovalRequirement,
  type SigningKey,
  signApprovalBinding,
  signGrant,
  type UnsignedApprovalBinding,
  verifyApprovalBinding,
  verifyGrantSignature,
} from '@armorer/approval';
import { ToolboxError } from '../errors/armorer-error';
import type { ToolConfiguration } from '../tool/types';
import type { ToolboxOptions } from '../toolbox/types';

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

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
 * A toolbox's approval configuration, resolved once: the signing key (held in a private field, never
 * readable back), the stores (process-local by default whenever a secret is configured), the approval
 * policy, the clock, the nonce source and the binding lifetime.
 */
export class ApprovalRuntime {
  readonly #key: SigningKey | undefined;
  readonly store: ApprovalStateStore | undefined;
  readonly grants: GrantStateStore | undefined;
  readonly policy: ApprovalPolicy | undefined;
  readonly ttlMs: number;
  readonly revisions: ApprovalRevisions;
  readonly #now: () => number;
  readonly #nonce: () => string;

  private constructor(options: ToolboxOptions<object>) {
    const secret = options.approvalSecret;
    if (secret !== undefined && !isApprovalSecret(secret)) {
      throw invalidOption('approvalSecret must be a non-empty string or Uint8Array.');
    }
    this.#key = secret === undefined ? undefined : createSigningKey(secret);
    this.store =
      options.approvalStateStore ??
      (secret === undefined ? undefined : createProcessLocalApprovalStateStore());
    this.grants =
      options.grantStateStore ?? (secret === undefined ? undefined : createProcessLocalGrantStateStore());
    const policy = options.approvalPolicy;
    if (policy !== undefined && (typeof policy !== 'object' || policy === null)) {
      throw invalidOption('approvalPolicy must be an object.');
    }
    this.policy = policy;
    const ttl = options.approvalBindingTtlMs ?? DEFAULT_TTL_MS;
    if (!(typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0)) {
      throw invalidOption('approvalBindingTtlMs must be a positive number of milliseconds.');
    }
    this.ttlMs = Math.ceil(ttl);
    for (const name of ['approvalNow', 'approvalNonce'] as const) {
      if (options[name] !== undefined && typeof options[name] !== 'function') {
        throw invalidOption(`${name} must be a function.`);
      }
    }
    this.#now = options.approvalNow ?? Date.now;
    this.#nonce = options.approvalNonce ?? createNonce;
    this.revisions = {
      toolboxRevision: options.toolboxRevision ?? null,
      policyRevision: options.policyRevision ?? null,
      approvalRevision: options.approvalRevision ?? null,
    };
  }

  /** The runtime of a toolbox's options, or `undefined` when it configures no approval at all. */
  static from(options: ToolboxOptions<object>): ApprovalRuntime | undefined {
    if (
      options.approvalSecret === undefined &&
      options.approvalPolicy === undefined &&
      options.approvalStateStore === undefined &&
      options.grantStateStore === undefined
    ) {
      return undefined;
    }
    return new ApprovalRuntime(options);
  }

  /** Whether pending approvals are signed (and so resumable). */
  get signs(): boolean {
    return this.#key !== undefined;
  }

  /** Now, from `approvalNow`; a clock that throws or returns garbage gives NaN, which nothing accepts. */
  now(): number {
    try {
      const value = this.#now();
      return typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : Number.NaN;
    } catch {
      return Number.NaN;
    }
  }

  /** A fresh nonce from `approvalNonce`; throws when it returns something unusable. */
  nonce(): string {
    const value = this.#nonce();
    if (typeof value !== 'string' || value.length === 0 || value.length > 256) {
      throw new TypeError('approvalNonce must return a non-empty string of at most 256 characters.');
    }
    return value;
  }

  /** The grant policy revision: the toolbox policy revision, or a fixed marker when it has none. */
  get grantPolicyRevision(): string {
    return this.revisions.policyRevision ?? 'unversioned';
  }

  sign(unsigned: UnsignedApprovalBinding): ApprovalBinding {
    return signApprovalBinding(unsigned, this.#requireKey());
  }

  /** Throws an ApprovalError when the binding does not verify. */
  verify(binding: ApprovalBinding): void {
    verifyApprovalBinding(binding, this.#requireKey());
  }

  signGrant(grant: ReusableApprovalGrant): string {
    return signGrant(grant, this.#requireKey());
  }

  /** A grant that does not verify (or cannot be checked) is treated as absent. */
  grantVerifies(grant: ReusableApprovalGrant): boolean {
    if (this.#key === undefined) return false;
    try {
      verifyGrantSignature(grant, this.#key);
      return true;
    } catch {
      return false;
    }
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

  #requireKey(): SigningKey {
    if (this.#key === undefined) throw new TypeError('This toolbox has no approvalSecret.');
    return this.#key;
  }

  toJSON(): string {
    return '[ApprovalRuntime]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[ApprovalRuntime]';
  }
}
