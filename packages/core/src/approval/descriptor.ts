import {
  APPROVAL_BINDING_V1,
  APPROVAL_BINDING_V3,
  type ApprovalBinding,
  ApprovalError,
  approvalBindingKey,
  canonicalJson,
  jsonEqual,
  sha256Hex,
} from '@armorer/approval';
import type { ApprovalRuntime } from './approval-runtime';

/** A descriptor whose binding verified and whose proposed call is the one the binding covers. */
export interface VerifiedDescriptor {
  readonly binding: ApprovalBinding;
  readonly proposedArguments: Readonly<Record<string, unknown>>;
  /** The arguments are the validated ones (version 3): they run without being validated again. */
  readonly validated: boolean;
}

function refuse(code: 'invalid-descriptor' | 'missing-secret', message: string): never {
  throw new ApprovalError({ code, message });
}

/** A field the descriptor repeats from its binding must repeat it exactly (or be absent). */
function checkEcho(value: unknown, field: string, expected: string): void {
  if (value !== undefined && value !== expected) {
    refuse('invalid-descriptor', `The descriptor's ${field} does not match the signed approval.`);
  }
}

const NOT_APPROVED = 'The proposed arguments are not the ones that were approved.';

/**
 * Checks an untrusted pending-approval descriptor: the binding's signature (in constant time, under this
 * toolbox's keyring) and shape, and that the proposed call (tool, call id and arguments) is exactly the
 * signed one. A version 2 or 3 binding carries the signed arguments in its payload: the descriptor's copy
 * must equal them, and the signed ones are what runs (a version 3 binding's validated arguments without
 * being validated again). A version 1 binding signs a digest of the canonical arguments. Throws an ApprovalError otherwise.
 */
export function verifyDescriptor(
  runtime: ApprovalRuntime | undefined,
  descriptor: unknown,
): VerifiedDescriptor {
  if (runtime === undefined || !runtime.signs) {
    refuse('missing-secret', 'This toolbox has no approvalSecret, so no approval can be verified.');
  }
  if (typeof descriptor !== 'object' || descriptor === null || Array.isArray(descriptor)) {
    refuse('invalid-descriptor', 'The pending approval descriptor must be an object.');
  }
  const record = descriptor as Record<string, unknown>;
  if (record.binding === undefined) {
    refuse('invalid-descriptor', 'The pending approval is unsigned (issued without an approvalSecret).');
  }
  const binding = runtime.open(record.binding);
  const proposed = record.proposedCall as Record<string, unknown> | null | undefined;
  const args = proposed?.arguments;
  if (
    typeof proposed !== 'object' ||
    proposed === null ||
    proposed.name !== binding.toolName ||
    proposed.id !== binding.callId ||
    typeof args !== 'object' ||
    args === null ||
    Array.isArray(args)
  ) {
    refuse('invalid-descriptor', 'The proposed call does not match the signed approval.');
  }
  // Static reads: a keyed read per field name would be a megamorphic load.
  checkEcho(record.toolName, 'toolName', binding.toolName);
  checkEcho(record.callId, 'callId', binding.callId);
  checkEcho(record.kind, 'kind', binding.kind);
  if (binding.version !== APPROVAL_BINDING_V1) {
    if (!jsonEqual(args, binding.arguments)) refuse('invalid-descriptor', NOT_APPROVED);
    const validated = binding.version === APPROVAL_BINDING_V3 && binding.argumentsValidated;
    const shown = record.argumentsValidated;
    if (shown !== undefined && shown !== validated) {
      refuse('invalid-descriptor', "The descriptor's argumentsValidated does not match the signed approval.");
    }
    return { binding, proposedArguments: binding.arguments, validated };
  }
  let text: string;
  try {
    text = canonicalJson(args);
  } catch {
    refuse('invalid-descriptor', 'The proposed arguments are not JSON data.');
  }
  if (sha256Hex(text) !== binding.argumentsDigest) refuse('invalid-descriptor', NOT_APPROVED);
  // What runs is the digested text, parsed again: never the descriptor's object, whose getters or
  // Proxy traps could answer differently when the arguments are validated.
  return { binding, proposedArguments: JSON.parse(text) as Record<string, unknown>, validated: false };
}

/** A stable identity of a binding for logs (never the signature). */
export function bindingLabel(binding: ApprovalBinding): string {
  return approvalBindingKey(binding).replace('\u0000', '#');
}
