import { approvalError } from '../errors/errors';
import { canonicalJson, type JsonValue } from '../json/canonical-json';
import { CheckedBinding } from './checked-binding';
import { authorizationRevision, capabilities, fail, MAX_STRING, nullableText, text, time } from './fields';
import { DEFAULT_MAX_ARGUMENTS_BYTES, PAYLOAD_HEADER_ALLOWANCE } from './limits';
import {
  APPROVAL_BINDING_V2,
  APPROVAL_BINDING_V3,
  type ApprovalBindingV2,
  type ApprovalBindingV3,
  type UnsignedApprovalPayload,
} from './types';

/** How many values a version 2 payload holds: 19 fields, then the arguments. */
const V2_LENGTH = 20;
/** Version 3: the 19 fields of version 2, the store epoch, whether the arguments are validated, then them. */
const V3_LENGTH = 22;

export { DEFAULT_MAX_ARGUMENTS_BYTES, PAYLOAD_HEADER_ALLOWANCE };

/** Options of `approvalPayloadText` and the signing and opening functions. */
export interface ApprovalPayloadOptions {
  /**
   * The most bytes (UTF-8 of their canonical JSON) signed arguments may take (default 64 KiB). Signing more
   * throws an `ApprovalError` with code `arguments-too-large`; opening a payload longer than this plus the
   * header allowance is refused (`invalid-binding`) before its signature is computed. `Infinity`: no limit.
   */
  readonly maxArgumentsBytes?: number;
}

/** The limit of an options object, checked. @internal */
export function argumentsLimit(options: ApprovalPayloadOptions | undefined): number {
  const limit = options?.maxArgumentsBytes ?? DEFAULT_MAX_ARGUMENTS_BYTES;
  if (!(typeof limit === 'number' && limit > 0 && (Number.isSafeInteger(limit) || limit === Infinity))) {
    throw new TypeError('maxArgumentsBytes must be a positive integer (or Infinity).');
  }
  return limit;
}

/**
 * Whether a text takes more than `limit` bytes in UTF-8 (a lone surrogate counts 3 bytes: it is written as
 * U+FFFD). Counts no further than the limit. @internal
 */
export function exceedsUtf8(value: string, limit: number): boolean {
  // Every UTF-16 unit is 1 to 3 bytes: the bounds often decide without counting.
  if (value.length > limit) return true;
  if (value.length * 3 <= limit) return false;
  let bytes = 0;
  for (let index = 0; index < value.length && bytes <= limit; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (value.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes > limit;
}

/**
 * The call id and the nonce as one string: the call id's length, a colon, the call id, the nonce. A
 * short string that is unique per binding (a call id) costs JavaScriptCore's `JSON.parse` far more than
 * a long one (it interns short strings), and the two unique fields are cheapest read as one.
 */
function callAndNonce(callId: string, nonce: string): string {
  return `${callId.length}:${callId}${nonce}`;
}

/**
 * The payload text of a version 2 or 3 binding: one compact JSON array of the fields in a fixed order (the
 * version first; the call id and nonce joined as one item, see `callAndNonce`; for version 3 the store
 * epoch and whether the arguments are validated), then the arguments in canonical JSON (keys sorted) as
 * its last item. An array without keys keeps the text short: the HMAC and the parse both cost by its
 * length. The signature covers exactly this text and the text travels in the descriptor, so a verifier
 * never rebuilds it. Throws a TypeError when the arguments are not a plain JSON object, and an
 * `ApprovalError` (`arguments-too-large`) when they exceed `maxArgumentsBytes`.
 *
 * @example
 * ```ts
 * const payload = approvalPayloadText({ ...fields, version: 3, arguments: { a: 1 }, storeEpoch: null });
 * ```
 */
export function approvalPayloadText(
  unsigned: UnsignedApprovalPayload,
  options?: ApprovalPayloadOptions,
): string {
  const limit = argumentsLimit(options);
  const args: unknown = unsigned.arguments;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new TypeError('The proposed arguments of an approval must be a JSON object.');
  }
  const version = unsigned.version;
  if (version !== APPROVAL_BINDING_V2 && version !== APPROVAL_BINDING_V3) {
    throw new TypeError('A payload binding is version 2 or 3.');
  }
  const argumentsText = canonicalJson(args);
  if (exceedsUtf8(argumentsText, limit)) {
    throw approvalError(
      'arguments-too-large',
      `The arguments to approve are larger than ${limit} bytes of JSON; they cannot be signed (raise the limit with approvalMaxArgumentsBytes, or pass large content by reference).`,
    );
  }
  const head = JSON.stringify([
    version,
    unsigned.kind,
    unsigned.principalId,
    unsigned.tenantId,
    unsigned.ownerId,
    unsigned.audience,
    unsigned.agentId,
    unsigned.runId,
    unsigned.authorizationRevision,
    // A copy: JSON.stringify takes a much slower path over frozen arrays in JavaScriptCore (Bun).
    unsigned.capabilities === null ? null : unsigned.capabilities.slice(),
    unsigned.toolboxRevision,
    unsigned.toolDefinitionRevision,
    unsigned.policyRevision,
    unsigned.approvalRevision,
    unsigned.toolName,
    callAndNonce(unsigned.callId, unsigned.nonce),
    unsigned.issuedAt,
    unsigned.expiresAt,
    unsigned.replayScope,
  ]);
  if (head.length > PAYLOAD_HEADER_ALLOWANCE) {
    throw approvalError(
      'invalid-binding',
      `The approval binding's request facts take more than ${PAYLOAD_HEADER_ALLOWANCE} characters.`,
    );
  }
  if (version === APPROVAL_BINDING_V2) {
    if (unsigned.storeEpoch !== undefined || unsigned.argumentsValidated !== undefined) {
      throw new TypeError('storeEpoch and argumentsValidated need a version 3 binding.');
    }
    return `${head.slice(0, -1)},${argumentsText}]`;
  }
  const epoch = unsigned.storeEpoch ?? null;
  if (epoch !== null && !(typeof epoch === 'string' && epoch.length > 0 && epoch.length <= MAX_STRING)) {
    throw new TypeError(`storeEpoch must be null or a string of 1 to ${MAX_STRING} characters.`);
  }
  const validated = unsigned.argumentsValidated === true;
  return `${head.slice(0, -1)},${JSON.stringify(epoch)},${validated},${argumentsText}]`;
}

/**
 * Decodes a version 2 or 3 payload into a checked, frozen binding of that version (the envelope's), or
 * refuses it. The payload may be untrusted (a store decoding without the secret), so every field is
 * checked as strictly as a version 1 binding's.
 * @internal
 */
export function decodeApprovalPayload(
  payload: string,
  signature: string,
  version: typeof APPROVAL_BINDING_V2 | typeof APPROVAL_BINDING_V3 = APPROVAL_BINDING_V2,
): ApprovalBindingV2 | ApprovalBindingV3 {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    fail('payload');
  }
  const length = version === APPROVAL_BINDING_V3 ? V3_LENGTH : V2_LENGTH;
  if (!Array.isArray(parsed) || parsed.length !== length) fail('payload');
  const values = parsed as unknown[];
  if (values[0] !== version) fail('version');
  const kind = values[1];
  if (kind !== 'approval' && kind !== 'input') fail('kind');
  const args = values[length - 1];
  const ids = splitCallAndNonce(values[15]);
  if (typeof args !== 'object' || args === null || Array.isArray(args)) fail('arguments');
  // One object literal per version, every field in it (no spread): the resume path decodes a binding per
  // call, and a literal of a fixed shape is the cheapest object JavaScriptCore builds.
  if (version === APPROVAL_BINDING_V3) {
    const epoch = values[19];
    if (epoch !== null && !(typeof epoch === 'string' && epoch.length > 0 && epoch.length <= MAX_STRING))
      fail('storeEpoch');
    const validated = values[20];
    if (typeof validated !== 'boolean') fail('argumentsValidated');
    const binding: ApprovalBindingV3 = {
      version,
      kind,
      principalId: nullableText(values[2], 'principalId'),
      tenantId: nullableText(values[3], 'tenantId'),
      ownerId: nullableText(values[4], 'ownerId'),
      audience: nullableText(values[5], 'audience'),
      agentId: nullableText(values[6], 'agentId'),
      runId: nullableText(values[7], 'runId'),
      authorizationRevision: authorizationRevision(values[8]),
      capabilities: capabilities(values[9]),
      toolboxRevision: nullableText(values[10], 'toolboxRevision'),
      toolDefinitionRevision: text(values[11], 'toolDefinitionRevision'),
      policyRevision: nullableText(values[12], 'policyRevision'),
      approvalRevision: nullableText(values[13], 'approvalRevision'),
      toolName: text(values[14], 'toolName'),
      callId: text(ids.callId, 'callId'),
      issuedAt: time(values[16], 'issuedAt'),
      expiresAt: time(values[17], 'expiresAt'),
      nonce: text(ids.nonce, 'nonce'),
      replayScope: text(values[18], 'replayScope'),
      arguments: args as Record<string, JsonValue>,
      argumentsValidated: validated,
      storeEpoch: epoch,
      payload,
      signature,
    };
    if (binding.expiresAt <= binding.issuedAt) fail('expiresAt');
    return CheckedBinding.seal(binding);
  }
  const binding: ApprovalBindingV2 = {
    version,
    kind,
    principalId: nullableText(values[2], 'principalId'),
    tenantId: nullableText(values[3], 'tenantId'),
    ownerId: nullableText(values[4], 'ownerId'),
    audience: nullableText(values[5], 'audience'),
    agentId: nullableText(values[6], 'agentId'),
    runId: nullableText(values[7], 'runId'),
    authorizationRevision: authorizationRevision(values[8]),
    capabilities: capabilities(values[9]),
    toolboxRevision: nullableText(values[10], 'toolboxRevision'),
    toolDefinitionRevision: text(values[11], 'toolDefinitionRevision'),
    policyRevision: nullableText(values[12], 'policyRevision'),
    approvalRevision: nullableText(values[13], 'approvalRevision'),
    toolName: text(values[14], 'toolName'),
    callId: text(ids.callId, 'callId'),
    issuedAt: time(values[16], 'issuedAt'),
    expiresAt: time(values[17], 'expiresAt'),
    nonce: text(ids.nonce, 'nonce'),
    replayScope: text(values[18], 'replayScope'),
    arguments: args as Record<string, JsonValue>,
    payload,
    signature,
  };
  if (binding.expiresAt <= binding.issuedAt) fail('expiresAt');
  return CheckedBinding.seal(binding);
}

/** Splits `callAndNonce`'s string: a decimal length without leading zeros, a colon, then the text. */
function splitCallAndNonce(value: unknown): { readonly callId: string; readonly nonce: string } {
  if (typeof value !== 'string') fail('callId');
  let length = 0;
  let index = 0;
  for (; index < value.length && index < 5; index++) {
    const code = value.charCodeAt(index);
    if (code === 58 /* : */) break;
    if (code < 48 || code > 57 || (index === 0 && code === 48)) fail('callId');
    length = length * 10 + (code - 48);
  }
  if (index === 0 || value.charCodeAt(index) !== 58) fail('callId');
  const start = index + 1;
  if (length > MAX_STRING || start + length >= value.length) fail('callId');
  return { callId: value.slice(start, start + length), nonce: value.slice(start + length) };
}
