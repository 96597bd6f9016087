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

function text(record: Record<string, unknown>, field: string): string {
  const value = record[field];
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_STRING) fail(field);
  return value;
}

function nullableText(record: Record<string, unknown>, field: string): string | null {
  const value = record[field];
  if (value === null) return null;
  if (typeof value !== 'string' || value.length > MAX_STRING) fail(field);
  return value;
}

function time(record: Record<string, unknown>, field: string): number {
  const value = record[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(field);
  return value;
}

function capabilities(value: unknown): readonly string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length > MAX_CAPABILITIES) fail('capabilities');
  for (const item of value) if (typeof item !== 'string' || item.length > MAX_STRING) fail('capabilities');
  return Object.freeze([...(value as string[])]);
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
  if (typeof value === 'object' && value !== null && parsed.has(value)) return value as ApprovalBinding;
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
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) fail('signature');
  const digest = record.argumentsDigest;
  if (typeof digest !== 'string' || !/^[0-9a-f]{64}$/.test(digest)) fail('argumentsDigest');
  const binding: ApprovalBinding = {
    version: APPROVAL_BINDING_VERSION,
    kind,
    principalId: nullableText(record, 'principalId'),
    tenantId: nullableText(record, 'tenantId'),
    ownerId: nullableText(record, 'ownerId'),
    audience: nullableText(record, 'audience'),
    agentId: nullableText(record, 'agentId'),
    runId: nullableText(record, 'runId'),
    authorizationRevision: authorizationRevision as string | number | null,
    capabilities: capabilities(record.capabilities),
    toolboxRevision: nullableText(record, 'toolboxRevision'),
    toolDefinitionRevision: text(record, 'toolDefinitionRevision'),
    policyRevision: nullableText(record, 'policyRevision'),
    approvalRevision: nullableText(record, 'approvalRevision'),
    toolName: text(record, 'toolName'),
    callId: text(record, 'callId'),
    argumentsDigest: digest,
    issuedAt: time(record, 'issuedAt'),
    expiresAt: time(record, 'expiresAt'),
    nonce: text(record, 'nonce'),
    replayScope: text(record, 'replayScope'),
    signature,
  };
  if (binding.expiresAt <= binding.issuedAt) fail('expiresAt');
  Object.freeze(binding);
  parsed.add(binding);
  return binding;
}

const parsed = new WeakSet<object>();

/**
 * The key a store records a binding under: its replay scope and nonce.
 *
 * @example
 * ```ts
 * const key = approvalBindingKey(binding); // 'tenant=t1;principal=u1\u0000n-123'
 * ```
 */
export function approvalBindingKey(binding: Pick<ApprovalBinding, 'replayScope' | 'nonce'>): string {
  let key = keys.get(binding);
  if (key === undefined) {
    key = `${binding.replayScope}\u0000${binding.nonce}`;
    // Only bindings this module froze can be cached: their scope and nonce can never change.
    if (parsed.has(binding)) keys.set(binding, key);
  }
  return key;
}

const keys = new WeakMap<object, string>();
