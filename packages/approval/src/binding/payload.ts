import { canonicalJson, type JsonValue } from '../json/canonical-json';
import { CheckedBinding } from './checked-binding';
import { authorizationRevision, capabilities, fail, MAX_STRING, nullableText, text, time } from './fields';
import { APPROVAL_BINDING_V2, type ApprovalBindingV2, type UnsignedApprovalPayload } from './types';

/** How many values a version 2 payload holds: 19 fields, then the arguments. */
const PAYLOAD_LENGTH = 20;

/**
 * The call id and the nonce as one string: the call id's length, a colon, the call id, the nonce. A
 * short string that is unique per binding (a call id) costs JavaScriptCore's `JSON.parse` far more than
 * a long one (it interns short strings), and the two unique fields are cheapest read as one.
 */
function callAndNonce(callId: string, nonce: string): string {
  return `${callId.length}:${callId}${nonce}`;
}

/**
 * The payload text of a version 2 binding: one compact JSON array of the fields in a fixed order (the
 * version first; the call id and nonce joined as one item, see `callAndNonce`), then the proposed
 * arguments in canonical JSON (keys sorted) as its last item. An array without keys keeps the text
 * short: the HMAC and the parse both cost by its length. The signature covers exactly this text and the
 * text travels in the descriptor, so a verifier never rebuilds it. Throws a TypeError when the
 * arguments are not a plain JSON object.
 *
 * @example
 * ```ts
 * const payload = approvalPayloadText({ ...fields, version: 2, arguments: { a: 1 } });
 * ```
 */
export function approvalPayloadText(unsigned: UnsignedApprovalPayload): string {
  const args: unknown = unsigned.arguments;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new TypeError('The proposed arguments of an approval must be a JSON object.');
  }
  const head = JSON.stringify([
    APPROVAL_BINDING_V2,
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
  return `${head.slice(0, -1)},${canonicalJson(args)}]`;
}

/**
 * Decodes a version 2 payload into a checked, frozen binding. The payload may be untrusted (a store
 * decoding without the secret), so every field is checked as strictly as a version 1 binding's.
 * @internal
 */
export function decodeApprovalPayload(payload: string, signature: string): ApprovalBindingV2 {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    fail('payload');
  }
  if (!Array.isArray(parsed) || parsed.length !== PAYLOAD_LENGTH) fail('payload');
  const values = parsed as unknown[];
  if (values[0] !== APPROVAL_BINDING_V2) fail('version');
  const kind = values[1];
  if (kind !== 'approval' && kind !== 'input') fail('kind');
  const args = values[19];
  const ids = splitCallAndNonce(values[15]);
  if (typeof args !== 'object' || args === null || Array.isArray(args)) fail('arguments');
  const binding: ApprovalBindingV2 = {
    version: APPROVAL_BINDING_V2,
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
