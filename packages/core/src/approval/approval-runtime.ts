import {
  type ApprovalBinding,
  type ApprovalBindingEnvelope,
  ApprovalKeyring,
  type ApprovalPayloadOptions,
  type ApprovalPolicy,
  type ApprovalRequirement,
  type ApprovalStateStore,
  createNonce,
  createProcessLocalApprovalStateStore,
  createProcessLocalGrantStateStore,
  type GrantStateStore,
  openApprovalBinding,
  type ReusableApprovalGrant,
  signApprovalPayload,
  signGrant,
  type UnsignedApprovalPayload,
  verifyGrantSignature,
} from '@armorer/approval';
import type { ToolConfiguration } from '../tool/types';
import type { ApprovalRevisions, ApprovalSettings } from './approval-settings';
import type { SigningMaterial } from './signing-material';

export type { ApprovalRevisions } from './approval-settings';

/**
 * A toolbox's approval machinery, built from its checked {@link ApprovalSettings} on first use: the
 * keyring (`approvalKeys`, or `approvalSecret` as a one-key ring; held in a private field, never
 * readable back), the stores (process-local by default whenever a secret is configured), the approval
 * policy, the clock, the nonce source, the binding lifetime and the limit of signed arguments. Loaded lazily (`ApprovalSettings.load`), so bundles of toolboxes that never pause keep it out.
 */
export class ApprovalRuntime {
  readonly #key: ApprovalKeyring | undefined;
  /** The limit of signed arguments, as the signing and opening functions take it (one object, reused). */
  readonly #payloadOptions: ApprovalPayloadOptions;
  readonly store: ApprovalStateStore | undefined;
  readonly grants: GrantStateStore | undefined;
  readonly policy: ApprovalPolicy | undefined;
  readonly ttlMs: number;
  readonly revisions: ApprovalRevisions;
  readonly #settings: ApprovalSettings;
  readonly #now: () => number;
  readonly #nonce: () => string;

  private constructor(settings: ApprovalSettings, material: SigningMaterial | undefined) {
    this.#settings = settings;
    // The material was checked when the toolbox was created (lengths, ids): building the ring cannot fail.
    this.#key =
      material === undefined
        ? undefined
        : material.keys !== undefined
          ? ApprovalKeyring.fromKeys(material.keys, 'approvalKeys')
          : ApprovalKeyring.fromSecret(material.secret, 'approvalSecret');
    this.#payloadOptions = { maxArgumentsBytes: settings.maxArgumentsBytes };
    this.store =
      settings.store ?? (material === undefined ? undefined : createProcessLocalApprovalStateStore());
    this.grants =
      settings.grants ?? (material === undefined ? undefined : createProcessLocalGrantStateStore());
    this.policy = settings.policy;
    this.ttlMs = settings.ttlMs;
    this.#now = settings.clock;
    this.#nonce = settings.nonceSource ?? createNonce;
    this.revisions = settings.revisions;
  }

  /** The runtime of checked settings (what `ApprovalSettings.load` builds, once per settings). */
  static create(settings: ApprovalSettings, material: SigningMaterial | undefined): ApprovalRuntime {
    return new ApprovalRuntime(settings, material);
  }

  /** Whether pending approvals are signed (and so resumable). */
  get signs(): boolean {
    return this.#key !== undefined;
  }

  /** The id of the key that signs (`approvalKeys`), or undefined (`approvalSecret`). */
  get signingKeyId(): string | undefined {
    return this.#key?.signingKeyId;
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

  /**
   * Signs a new binding (version 3: the signature covers one payload text that travels with it; the
   * envelope names the signing key). Throws an ApprovalError (`arguments-too-large`) past the limit.
   */
  sign(unsigned: UnsignedApprovalPayload): ApprovalBindingEnvelope {
    return signApprovalPayload(unsigned, this.#requireKey(), this.#payloadOptions);
  }

  /**
   * Verifies an untrusted binding of any version (bindings issued by earlier releases still resume)
   * under the keyring and returns it checked; throws an ApprovalError when it does not verify.
   */
  open(binding: unknown): ApprovalBinding {
    return openApprovalBinding(binding, this.#requireKey(), this.#payloadOptions);
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

  #requireKey(): ApprovalKeyring {
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
