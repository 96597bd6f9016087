import type { PendingApproval } from '@armorer/core';

/** The prefix of every `requestState` armorer mints (a version, so the format can change). */
const PREFIX = 'armorer.v1.';

/** The longest `requestState` read: a larger one is refused before it is decoded. */
export const MAX_REQUEST_STATE_LENGTH = 512 * 1024;

/**
 * The `requestState` of a 2026 `input_required` result: the paused call's descriptor, base64url-encoded
 * JSON. Its integrity is the approval binding's: the binding inside is signed with the toolbox's
 * `approvalSecret` (tenant, principal, tool, arguments, expiry), `toolbox.resumeApproval` verifies it and
 * the approval state store lets it be used once. Everything outside the binding is only shown back to
 * the client that holds the state (the reason, the input form). Signed, not encrypted: the client can
 * read it, as it could read the prompt.
 */
export function encodeRequestState(pending: PendingApproval): string {
  return `${PREFIX}${Buffer.from(JSON.stringify(pending), 'utf8').toString('base64url')}`;
}

/** Why a `requestState` cannot be read. */
export class RequestStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RequestStateError';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The descriptor a `requestState` carries, read as untrusted input: its shape is checked here and its
 * binding by `toolbox.resumeApproval` / `revokeApproval`. Throws a {@link RequestStateError}.
 */
export function decodeRequestState(state: unknown): PendingApproval {
  if (typeof state !== 'string' || !state.startsWith(PREFIX)) {
    throw new RequestStateError('The requestState was not issued by this server.');
  }
  if (state.length > MAX_REQUEST_STATE_LENGTH) throw new RequestStateError('The requestState is too large.');
  const body = state.slice(PREFIX.length);
  if (!/^[A-Za-z0-9_-]*$/.test(body)) throw new RequestStateError('The requestState is not base64url.');
  const bytes = Buffer.from(body, 'base64url');
  // Only the encoding armorer minted is accepted: Buffer ignores a dangling last character and stray bits, so
  // `${state}x` would otherwise read as the same state, and two strings would name one approval.
  if (bytes.toString('base64url') !== body) throw new RequestStateError('The requestState is not base64url.');
  let descriptor: unknown;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    descriptor = JSON.parse(text);
  } catch {
    throw new RequestStateError('The requestState is not JSON.');
  }
  // armorer mints JSON.stringify's output; anything else (added whitespace, reordered or re-spelt values)
  // is another string naming the same approval, and is refused like any state this server did not issue.
  if (JSON.stringify(descriptor) !== text) {
    throw new RequestStateError('The requestState was not issued by this server.');
  }
  if (
    !isObject(descriptor) ||
    (descriptor['kind'] !== 'approval' && descriptor['kind'] !== 'input') ||
    typeof descriptor['toolName'] !== 'string' ||
    typeof descriptor['executionId'] !== 'string' ||
    !isObject(descriptor['proposedCall']) ||
    descriptor['binding'] === undefined
  ) {
    throw new RequestStateError('The requestState does not hold a signed pending approval.');
  }
  return descriptor as unknown as PendingApproval;
}
