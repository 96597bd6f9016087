/**
 * @armorer/approval: signed, resumable human approvals and reusable approval grants. The versioned
 * binding format, HMAC-SHA256 signing and constant-time verification (synchronous; Bun, Node and
 * browsers), the `ApprovalStateStore` and `GrantStateStore` contracts with process-local
 * implementations, grant matching and the two-axis approval policy. The bottom floor of armorer: the
 * error base (`ArmorerError`, `StoreError`), the store contracts of idempotency (`ToolResultCache`,
 * `TaskStateStore`), the one canonical JSON encoder (`canonicalJson`) and SHA-256 helper (`sha256Hex`)
 * are defined here and imported by every other package. No armorer dependency; `armorer` re-exports it
 * from its root.
 *
 * @example
 * ```ts
 * import { createProcessLocalGrantStateStore, GRANT_VERSION, signGrant, verifyGrantSignature } from '@armorer/approval';
 *
 * const store = createProcessLocalGrantStateStore();
 * const grant = { version: GRANT_VERSION, id: 'grant:1', principalId: 'u1', toolName: 'read-file',
 *   scope: 'principal', issuedAt: Date.now(), expiresAt: Date.now() + 3_600_000, maxUses: 5,
 *   usesRemaining: 5, policyRevision: 'policy-1', revoked: false,
 *   delegationBehavior: 'does-not-propagate', signature: '' } as const;
 * const secret = 'a random secret of at least thirty-two bytes';
 * const signed = { ...grant, signature: signGrant(grant, secret) };
 * await store.issue(signed);
 * verifyGrantSignature(await store.get(signed.id), secret);
 * ```
 *
 * @module
 */

export { DEFAULT_MAX_ARGUMENTS_BYTES } from './binding/limits';
export type { ApprovalMismatch } from './binding/match-binding';
export {
  assertApprovalBindingMatches,
  matchApprovalBinding,
  normalizeCapabilities,
  normalizeFrozenCapabilities,
} from './binding/match-binding';
export {
  approvalBindingKey,
  approvalBindingStoreEpoch,
  parseApprovalBinding,
} from './binding/parse-binding';
export type { ApprovalPayloadOptions } from './binding/payload';
export { approvalPayloadText } from './binding/payload';
export type { ApprovalSigner } from './binding/sign-binding';
export {
  bindingSigningText,
  openApprovalBinding,
  signApprovalBinding,
  signApprovalPayload,
  signPendingApproval,
  verifyApprovalBinding,
} from './binding/sign-binding';
export type {
  ApprovalBinding,
  ApprovalBindingEnvelope,
  ApprovalBindingFields,
  ApprovalBindingState,
  ApprovalBindingV1,
  ApprovalBindingV2,
  ApprovalBindingV3,
  ApprovalKind,
  ApprovalRequestView,
  IssuedApprovalBinding,
  UnsignedApprovalBinding,
  UnsignedApprovalPayload,
} from './binding/types';
export {
  APPROVAL_BINDING_V1,
  APPROVAL_BINDING_V2,
  APPROVAL_BINDING_V3,
  APPROVAL_BINDING_VERSION,
} from './binding/types';
export type { ArmorerErrorOptions } from './errors/armorer-error';
export { ArmorerError } from './errors/armorer-error';
export type { ApprovalErrorCode, ApprovalErrorOptions, GrantErrorCode } from './errors/errors';
export { ApprovalError, GrantError } from './errors/errors';
export { approvalRefusal } from './errors/refusal';
export type { StoreErrorCode, StoreErrorOptions } from './errors/store-error';
export { StoreError } from './errors/store-error';
export { matchResourcePattern } from './grant/glob';
export type { GrantStateStore } from './grant/grant-state-store';
export type { GrantMatchRequest, GrantMismatchReason } from './grant/match-grant';
export { matchGrant } from './grant/match-grant';
export { createProcessLocalGrantStateStore } from './grant/process-local-grant-state-store';
export { grantSigningText, signGrant, verifyGrantSignature } from './grant/sign-grant';
export type {
  GrantDelegationBehavior,
  GrantFilter,
  GrantRequest,
  GrantScope,
  ReusableApprovalGrant,
} from './grant/types';
export { GRANT_VERSION } from './grant/types';
export { assertGrantScope, assertGrantShape } from './grant/validate-grant';
export type { CanonicalJsonErrorCode, CanonicalJsonOptions, JsonValue } from './json/canonical-json';
export {
  CANONICAL_JSON_MAX_DEPTH,
  CANONICAL_JSON_MAX_VALUES,
  CanonicalJsonError,
  canonicalJson,
  jsonEqual,
} from './json/canonical-json';
export { sharedStringList } from './json/shared-lists';
export type {
  ApprovalMode,
  ApprovalPolicy,
  ApprovalPolicyTool,
  ApprovalRequirement,
} from './policy/approval-policy';
export { missingCapability, resolveApprovalRequirement } from './policy/approval-policy';
export { checkApprovalKeys, checkApprovalSecret } from './signing/key-checks';
export type { ApprovalKey, ApprovalKeyProblem } from './signing/key-problems';
export {
  approvalKeysProblem,
  approvalSecretProblem,
  isApprovalKeyId,
  MAX_KEYS,
  MIN_SECRET_BYTES,
} from './signing/key-problems';
export { ApprovalKeyring, createApprovalKeyring } from './signing/keyring';
export type { ApprovalSecret, SigningKeyOptions } from './signing/signing-key';
export {
  createNonce,
  createSigningKey,
  isApprovalSecret,
  SigningKey,
  sha256Hex,
} from './signing/signing-key';
export type { ApprovalStateStore, MaybePromise } from './store/approval-state-store';
export type { ProcessLocalApprovalStateStoreOptions } from './store/process-local-approval-state-store';
export { createProcessLocalApprovalStateStore } from './store/process-local-approval-state-store';
export type {
  TaskChange,
  TaskJson,
  TaskKey,
  TaskLeaseRenewal,
  TaskListOptions,
  TaskPage,
  TaskProgress,
  TaskRecord,
  TaskScope,
  TaskStateStore,
  TaskStatus,
  TaskTransition,
} from './store/task-state-store';
export { MAX_TASK_PAGE, MAX_TASK_RECORD_BYTES } from './store/task-state-store';
export type {
  ClaimResult,
  CompletedEntry,
  LegacyStartedEntry,
  StartedEntry,
  ToolResultCache,
  ToolResultCacheEntry,
  ToolResultKeyValueStore,
} from './store/tool-result-cache';
