import {
  type ApprovalBinding,
  type ApprovalBindingEnvelope,
  type ApprovalPolicy,
  type ApprovalRequirement,
  type ApprovalSecret,
  type ApprovalStateStore,
  createNonce,
  createProcessLocalApprovalStateStore,
  createProcessLocalGrantStateStore,
  createSigningKey,
  type GrantStateStore,
  openApprovalBinding,
  type ReusableApprovalGrant,
  type SigningKey,
  signApprovalPayload,
  signGrant,
  type UnsignedApprovalPayload,
  verifyGrantSignature,
} from '@armorer/approval';
import type { ToolConfiguration } from '../tool/types';
import type { ApprovalRevisions, ApprovalSettings } from './approval-settings';

export type { ApprovalRevisions } from './approval-settings';

/**
 * A toolbox's approval machinery, built from its checked {@link ApprovalSettings} on first use: the
 * signing key (held in a private field, never readable back), the stores (process-local by default
 * whenever a secret is configured), the approval policy, the clock, the nonce source and the binding
 * lifetime. Loaded lazily (`ApprovalSettings.load`), so bundles of toolboxes that never pause keep it out.
 */
export class ApprovalRuntime {
  readonly #key: SigningKey | undefined;
  readonly store: ApprovalStateStore | undefined;
  readonly grants: GrantStateStore | undefined;
  readonly policy: ApprovalPolicy | undefined;
  readonly ttlMs: number;
  readonly revisions: ApprovalRevisions;
  readonly #settings: ApprovalSettings;
  readonly #now: () => number;
  readonly #nonce: () => string;

  private constructor(settings: ApprovalSettings, secret: ApprovalSecret | undefined) {
    this.#settings = settings;
    this.#key = secret === undefined ? undefined : createSigningKey(secret);
    this.store =
      settings.store ?? (secret === undefined ? undefined : createProcessLocalApprovalStateStore());
    this.grants = settings.grants ?? (secret === undefined ? undefined : createProcessLocalGrantStateStore());
    this.policy = settings.policy;
    this.ttlMs = settings.ttlMs;
    this.#now = settings.clock;
    this.#nonce = settings.nonceSource ?? createNonce;
    this.revisions = settings.revisions;
  }

  /** The runtime of checked settings (what `ApprovalSettings.load` builds, once per settings). */
  static create(settings: ApprovalSettings, secret: ApprovalSecret | undefined): ApprovalRuntime {
    return new ApprovalRuntime(settings, secret);
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

  /** Signs a new binding (version 2: the signature covers one payload text that travels with it). */
  sign(unsigned: UnsignedApprovalPayload): ApprovalBindingEnvelope {
    return signApprovalPayload(unsigned, this.#requireKey());
  }

  /**
   * Verifies an untrusted binding of either version (version 1 bindings issued by earlier releases
   * still resume) and returns it checked; throws an ApprovalError when it does not verify.
   */
  open(binding: unknown): ApprovalBinding {
    return openApprovalBinding(binding, this.#requireKey());
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
    return this.#settings.requirementFor(config);
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
