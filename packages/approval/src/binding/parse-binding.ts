import { approvalError } from '../errors/errors';
import { APPROVAL_BINDING_VERSION, type ApprovalBinding } from './types';

const MAX_STRING = 1024;
const MAX_CAPABILITIES = 256;

function fail(field: string): never {
  throw approvalError(
    'invalid-binding',
    `The approval binding is malformed: "${field}" is missing or invalid.`,
  );
}

// Each helper takes the value read with a static property access by the caller: one shared helper
// reading `record[field]` for 20 field names is a megamorphic keyed load, several times slower.
function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_STRING) fail(field);
  return value;
}

function nullableText(value: unknown, field: string): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || value.length > MAX_STRING) fail(field);
  return value;
}

function time(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(field);
  return value;
}

/** 64 lowercase hex digits: a SHA-256 digest or HMAC-SHA256 signature. */
function isHex64(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 64) return false;
  for (let index = 0; index < 64; index++) {
    const code = value.charCodeAt(index);
    // 0-9 is 48-57, a-f is 97-102.
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }
  return true;
}

function capabilities(value: unknown): readonly string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length > MAX_CAPABILITIES) fail('capabilities');
  const copy = new Array<string>(value.length);
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (typeof item !== 'string' || item.length > MAX_STRING) fail('capabilities');
    copy[index] = item;
  }
  return internCapabilities(copy);
}

/**
 * Frozen capability lists, shared between bindings that carry the same list (a tenant's bindings
 * mostly do): freezing an array is slow in JavaScriptCore, and the lists are immutable either way.
 * Keyed by the JSON text of the list, which is unambiguous; bounded, cleared when full.
 */
const internedCapabilities = new Map<string, readonly string[]>();

function internCapabilities(list: string[]): readonly string[] {
  const key = JSON.stringify(list);
  let frozen = internedCapabilities.get(key);
  if (frozen === undefined) {
    frozen = Object.freeze(list);
    if (key.length <= 4096) {
      if (internedCapabilities.size >= 256) internedCapabilities.clear();
      internedCapabilities.set(key, frozen);
    }
  }
  return frozen;
}

/**
 * Checks that an untrusted value (for example a descriptor read back from JSON) has the exact shape of
 * an {@link ApprovalBinding}, and returns a frozen copy holding only the binding's fields. Throws an
 * `ApprovalError` with code `invalid-binding` otherwise. It does not check the signature.
 *
 * @example
 * ```ts
 * const binding = parseApprovalBinding(JSON.parse(stored).binding);
 * ```
 */
export function parseApprovalBinding(value: unknown): ApprovalBinding {
  // A binding this function produced is frozen and already checked: the resume path parses once.
  if (typeof value === 'object' && value !== null && CheckedBinding.has(value))
    return value as ApprovalBinding;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('binding');
  const record = value as Record<string, unknown>;
  if (record.version !== APPROVAL_BINDING_VERSION) fail('version');
  const kind = record.kind;
  if (kind !== 'approval' && kind !== 'input') fail('kind');
  const authorizationRevision = record.authorizationRevision;
  if (
    authorizationRevision !== null &&
    !(typeof authorizationRevision === 'string' && authorizationRevision.length <= MAX_STRING) &&
    !(typeof authorizationRevision === 'number' && Number.isFinite(authorizationRevision))
  ) {
    fail('authorizationRevision');
  }
  const signature = record.signature;
  if (!isHex64(signature)) fail('signature');
  const digest = record.argumentsDigest;
  if (!isHex64(digest)) fail('argumentsDigest');
  const binding: ApprovalBinding = {
    version: APPROVAL_BINDING_VERSION,
    kind,
    principalId: nullableText(record.principalId, 'principalId'),
    tenantId: nullableText(record.tenantId, 'tenantId'),
    ownerId: nullableText(record.ownerId, 'ownerId'),
    audience: nullableText(record.audience, 'audience'),
    agentId: nullableText(record.agentId, 'agentId'),
    runId: nullableText(record.runId, 'runId'),
    authorizationRevision: authorizationRevision as string | number | null,
    capabilities: capabilities(record.capabilities),
    toolboxRevision: nullableText(record.toolboxRevision, 'toolboxRevision'),
    toolDefinitionRevision: text(record.toolDefinitionRevision, 'toolDefinitionRevision'),
    policyRevision: nullableText(record.policyRevision, 'policyRevision'),
    approvalRevision: nullableText(record.approvalRevision, 'approvalRevision'),
    toolName: text(record.toolName, 'toolName'),
    callId: text(record.callId, 'callId'),
    argumentsDigest: digest,
    issuedAt: time(record.issuedAt, 'issuedAt'),
    expiresAt: time(record.expiresAt, 'expiresAt'),
    nonce: text(record.nonce, 'nonce'),
    replayScope: text(record.replayScope, 'replayScope'),
    signature,
  };
  if (binding.expiresAt <= binding.issuedAt) fail('expiresAt');
  CheckedBinding.stamp(binding);
  Object.freeze(binding);
  return binding;
}

/** A base whose constructor returns the object it is given, so a subclass can stamp any object. */
class ReturnTarget {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the stamping technique needs it.
    return target;
  }
}

/**
 * Marks bindings this module checked and froze with a private field: unforgeable (no other code can add
 * or read it), tested by a structure check rather than a lookup, and nothing to collect (a `WeakSet` of
 * every parsed binding grew a weak table that cost more than the parse). The field also caches the
 * binding's store key. Stamped before freezing.
 */
class CheckedBinding extends ReturnTarget {
  #key: string | undefined = undefined;

  static stamp(binding: ApprovalBinding): void {
    new CheckedBinding(binding);
  }

  static has(value: object): boolean {
    return #key in value;
  }

  static keyOf(binding: Pick<ApprovalBinding, 'replayScope' | 'nonce'>): string {
    if (!(#key in binding)) return `${binding.replayScope}\u0000${binding.nonce}`;
    const checked = binding as unknown as CheckedBinding;
    let key = checked.#key;
    if (key === undefined) {
      key = `${binding.replayScope}\u0000${binding.nonce}`;
      checked.#key = key;
    }
    return key;
  }
}

/**
 * The key a store records a binding under: its replay scope and nonce.
 *
 * @example
 * ```ts
 * const key = approvalBindingKey(binding); // 'tenant=t1;principal=u1\u0000n-123'
 * ```
 */
export function approvalBindingKey(binding: Pick<ApprovalBinding, 'replayScope' | 'nonce'>): string {
  // Only bindings this module froze have the key cached: their scope and nonce can never change.
  return CheckedBinding.keyOf(binding);
}
