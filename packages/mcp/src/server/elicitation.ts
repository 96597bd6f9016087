import type { PendingApproval } from '@armorer/core';
import { renderArguments, sanitizeText } from './render-arguments';

/** A flat form schema as MCP elicitation accepts it (primitive properties only). */
export interface ElicitationForm {
  readonly type: 'object';
  readonly properties: Record<string, Record<string, unknown>>;
  readonly required?: string[];
}

/** The form field of an approval that carries edited arguments (JSON text). */
export const EDIT_FIELD = 'arguments';

/** Arguments whose JSON is longer than this are not offered for editing (the approver can still approve). */
export const MAX_EDITABLE_LENGTH = 8 * 1024;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFlatForm(value: unknown): value is ElicitationForm {
  if (!isObject(value) || value['type'] !== 'object' || !isObject(value['properties'])) return false;
  return Object.values(value['properties']).every(
    (property) => isObject(property) && PRIMITIVES.has(String(property['type'])),
  );
}

/** The form of a `needs_input` pause: the flat form the policy described, or one text field. */
export function inputForm(pending: PendingApproval): ElicitationForm {
  const requested = pending.requestedInput;
  return isFlatForm(requested)
    ? requested
    : { type: 'object', properties: { input: { type: 'string', title: 'Input' } }, required: ['input'] };
}

const HIDDEN_UNITS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\u00A0\u2000-\u200A\u202F\u205F\u3000]/gu;

/**
 * The proposed arguments as JSON text an approver may edit: exact (it parses back to the same value),
 * with every hidden character written as a `\uXXXX` escape so the text field shows it. Undefined when
 * the text is too long to be worth editing in a form.
 */
export function editableArguments(args: unknown): string | undefined {
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch {
    return undefined;
  }
  if (json === undefined || json.length > MAX_EDITABLE_LENGTH) return undefined;
  return json.replace(HIDDEN_UNITS, (character) => {
    let escaped = '';
    for (let index = 0; index < character.length; index++) {
      escaped += `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`;
    }
    return escaped;
  });
}

/** The elicitation request for a paused call: approve (and maybe edit) the call, or give the input asked for. */
export function elicitationRequest(pending: PendingApproval): {
  message: string;
  requestedSchema: ElicitationForm;
} {
  const tool = sanitizeText(pending.toolName, 120);
  const reason = pending.reason ? `\nReason: ${sanitizeText(pending.reason, 400)}` : '';
  if (pending.kind === 'approval') {
    const editable = editableArguments(pending.proposedCall.arguments);
    const properties: Record<string, Record<string, unknown>> = {
      approve: { type: 'boolean', title: 'Approve', description: 'Run this tool call' },
    };
    if (editable !== undefined) {
      properties[EDIT_FIELD] = {
        type: 'string',
        title: 'Arguments (JSON)',
        description: 'Change them to run the call with edited arguments',
        default: editable,
      };
    }
    return {
      message: `Approve the call to "${tool}"?\nArguments: ${renderArguments(pending.proposedCall.arguments)}${reason}`,
      requestedSchema: { type: 'object', properties, required: ['approve'] },
    };
  }
  return {
    message: `"${tool}" needs input.${reason}`,
    requestedSchema: inputForm(pending),
  };
}
