import type { PendingApproval } from '@armorer/core';
import { EDIT_FIELD, type ElicitationForm, inputForm } from './elicitation';

/** What a human's answer to a paused call means. */
export type Answer =
  /** Run the call: approved (maybe with edited arguments), or the input given. */
  | {
      readonly kind: 'accept';
      readonly content: Readonly<Record<string, unknown>>;
      readonly edits?: Readonly<Record<string, unknown>>;
    }
  /** The human said no: declined, cancelled, or left "approve" unticked. */
  | { readonly kind: 'refuse'; readonly action: 'decline' | 'cancel' }
  /** Not an answer armorer can act on (malformed, lying, or not matching the form). */
  | { readonly kind: 'invalid'; readonly message: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function fits(property: Record<string, unknown>, value: unknown): boolean {
  const options = property['enum'];
  if (Array.isArray(options) && !options.includes(value)) return false;
  switch (property['type']) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return false;
  }
}

/** The answer's fields the form asked for, each of its declared type; undefined when one does not fit. */
function formContent(
  form: ElicitationForm,
  content: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const picked: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(form.properties)) {
    const value = own(content, name);
    if (value === undefined) {
      if (form.required?.includes(name) === true) return undefined;
      continue;
    }
    if (!fits(property, value)) return undefined;
    picked[name] = value;
  }
  return picked;
}

function editsOf(text: unknown): Readonly<Record<string, unknown>> | undefined | 'invalid' {
  if (text === undefined) return undefined;
  if (typeof text !== 'string') return 'invalid';
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : 'invalid';
  } catch {
    return 'invalid';
  }
}

/**
 * Reads a client's elicitation result (`{ action, content }`) for a paused call, as untrusted input:
 * only own properties count, an approval needs `approve: true` exactly, edited arguments must be a JSON
 * object, and input must fit the form that was asked for.
 */
export function readAnswer(pending: PendingApproval, raw: unknown): Answer {
  if (!isObject(raw)) return { kind: 'invalid', message: 'The answer is not an elicitation result.' };
  const action = own(raw, 'action');
  if (action === 'decline' || action === 'cancel') return { kind: 'refuse', action };
  if (action !== 'accept') return { kind: 'invalid', message: 'The answer has no known action.' };
  const content = own(raw, 'content');
  if (!isObject(content)) return { kind: 'invalid', message: 'The accepted answer has no content.' };
  if (pending.kind === 'approval') {
    const approve = own(content, 'approve');
    if (approve === false) return { kind: 'refuse', action: 'decline' };
    if (approve !== true) return { kind: 'invalid', message: 'The answer does not say approve: true.' };
    const edits = editsOf(own(content, EDIT_FIELD));
    if (edits === 'invalid') {
      return { kind: 'invalid', message: 'The edited arguments are not a JSON object.' };
    }
    return edits === undefined
      ? { kind: 'accept', content: { approve } }
      : { kind: 'accept', content: { approve }, edits };
  }
  const picked = formContent(inputForm(pending), content);
  if (picked === undefined)
    return { kind: 'invalid', message: 'The input does not match the form asked for.' };
  return { kind: 'accept', content: picked };
}
