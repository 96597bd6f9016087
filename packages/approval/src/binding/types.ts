import type { JsonValue } from '../json/canonical-json';

/**
 * Version 1 of the binding format: every field travels in the clear, the signature covers a canonical
 * text rebuilt from them, and the proposed arguments are covered by their SHA-256 digest. Still verified
 * (descriptors issued by earlier releases may sit in durable stores); no longer issued by default.
 */
export const APPROVAL_BINDING_V1 = 1 as const;

/**
 * Version 2 of the binding format: the signature covers one canonical payload text that travels in the
 * descriptor (fields and proposed arguments inside), so verifying is one HMAC over the received text and
 * one `JSON.parse`. Still verified; no longer issued by default. See {@link ApprovalBindingEnvelope}.
 */
export const APPROVAL_BINDING_V2 = 2 as const;

/**
 * Version 3 of the binding format, issued by default: version 2's payload plus the approval state
 * store's epoch at issue time (what lets a store prove it never held the binding, see
 * `ApprovalStateStore.restore`) and whether the arguments are the validated ones (schema defaults and
 * transforms applied: what runs) or the proposed ones (validated again on resume). Its envelope names
 * the keyring key that signed it (`keyId`). Signed under a domain of its own.
 */
export const APPROVAL_BINDING_V3 = 3 as const;

/**
 * The version of the flat binding format ({@link ApprovalBindingV1}), kept under its first name.
 * A binding of an unknown version never verifies.
 */
export const APPROVAL_BINDING_VERSION = APPROVAL_BINDING_V1;

/** What a paused call waits for: a person's approval, or a person's input. */
export type ApprovalKind = 'approval' | 'input';

/**
 * Who asks, and against which catalog and policy: the request facts and revisions a binding is signed
 * over and a resume is checked against. `null` stands for "not set" (JSON keeps it, unlike `undefined`).
 */
export interface ApprovalRequestView {
  readonly principalId: string | null;
  readonly tenantId: string | null;
  readonly ownerId: string | null;
  readonly audience: string | null;
  readonly agentId: string | null;
  readonly runId: string | null;
  readonly authorizationRevision: string | number | null;
  /** Sorted, without duplicates; `null` when the host granted no capability list. */
  readonly capabilities: readonly string[] | null;
  readonly toolboxRevision: string | null;
  readonly toolDefinitionRevision: string;
  readonly policyRevision: string | null;
  readonly approvalRevision: string | null;
}

/** The fields every binding version signs: the request view plus the call, its lifetime and its key. */
export interface ApprovalBindingFields extends ApprovalRequestView {
  readonly kind: ApprovalKind;
  readonly toolName: string;
  readonly callId: string;
  /** Epoch milliseconds. */
  readonly issuedAt: number;
  /** Epoch milliseconds; the binding is refused from this instant on. */
  readonly expiresAt: number;
  /** Unique within `replayScope`; the store keys a binding by both. */
  readonly nonce: string;
  readonly replayScope: string;
  /** Hex HMAC-SHA256 over the signed content (which content depends on the version). */
  readonly signature: string;
}

/**
 * A version 1 binding, as it travels and as it is checked: every field in the clear. A valid
 * signature proves integrity, not authority: a resume must also present a request context that
 * matches, and the approval state store lets it be used once.
 */
export interface ApprovalBindingV1 extends ApprovalBindingFields {
  readonly version: typeof APPROVAL_BINDING_V1;
  /** SHA-256 (hex) of the canonical JSON of the proposed arguments. */
  readonly argumentsDigest: string;
}

/**
 * A version 2 binding as it travels in a pending-approval descriptor: the signed payload text and its
 * signature. Read its fields with `parseApprovalBinding` (which decodes without verifying) or verify
 * and decode with `verifyApprovalBinding`.
 */
export interface ApprovalBindingEnvelope {
  readonly version: typeof APPROVAL_BINDING_V2 | typeof APPROVAL_BINDING_V3;
  /** The signed fields and the arguments, as one compact JSON array (see `approvalPayloadText`). */
  readonly payload: string;
  /** Hex HMAC-SHA256 over `payload`. */
  readonly signature: string;
  /**
   * The id of the keyring key that signed (version 3, signed by a keyring of named keys). Not signed: it
   * only picks the key to verify with. Absent: every key of the verifier's ring is tried.
   */
  readonly keyId?: string;
}

/** A version 2 binding decoded from its envelope: every signed field, the arguments and the payload. */
export interface ApprovalBindingV2 extends ApprovalBindingFields {
  readonly version: typeof APPROVAL_BINDING_V2;
  /** The proposed arguments, exactly as signed (JSON data). */
  readonly arguments: Readonly<Record<string, JsonValue>>;
  /** The signed payload text the fields were decoded from. */
  readonly payload: string;
}

/** A version 3 binding decoded from its envelope: version 2's fields plus the epoch and argument form. */
export interface ApprovalBindingV3 extends ApprovalBindingFields {
  readonly version: typeof APPROVAL_BINDING_V3;
  /** The arguments exactly as signed (JSON data): the validated ones when `argumentsValidated`. */
  readonly arguments: Readonly<Record<string, JsonValue>>;
  /**
   * `true`: the arguments are the output of the tool's input schema (defaults and transforms applied), what
   * the person was shown and what runs, without validating again. `false`: the arguments the model
   * proposed (the validated ones were not JSON data), validated again on resume.
   */
  readonly argumentsValidated: boolean;
  /** The epoch of the approval state store when the binding was issued (`null`: the store had none). */
  readonly storeEpoch: string | null;
  /** The signed payload text the fields were decoded from. */
  readonly payload: string;
}

/**
 * A checked binding of any version: what `parseApprovalBinding` returns and what approval state stores
 * receive. Stores only rely on the fields every version shares (and, to restore, on
 * `approvalBindingStoreEpoch`).
 */
export type ApprovalBinding = ApprovalBindingV1 | ApprovalBindingV2 | ApprovalBindingV3;

/** What a pending-approval descriptor carries: a version 1 binding, or a version 2 envelope. */
export type IssuedApprovalBinding = ApprovalBindingV1 | ApprovalBindingEnvelope;

/** A version 1 binding before it is signed. */
export type UnsignedApprovalBinding = Omit<ApprovalBindingV1, 'signature'>;

/** The content of a version 2 or 3 binding before it is signed into an envelope. */
export interface UnsignedApprovalPayload extends Omit<ApprovalBindingFields, 'signature'> {
  readonly version: typeof APPROVAL_BINDING_V2 | typeof APPROVAL_BINDING_V3;
  /** The arguments (JSON data); signed in canonical form. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Version 3 only (default `false`): the arguments are the validated ones. */
  readonly argumentsValidated?: boolean | undefined;
  /** Version 3 only (default `null`): the approval state store's epoch (see `ApprovalStateStore.epoch`). */
  readonly storeEpoch?: string | null | undefined;
}

/** Where a binding stands in its store. `reserved` is the in-flight state of a resume. */
export type ApprovalBindingState = 'issued' | 'reserved' | 'consumed' | 'revoked';
