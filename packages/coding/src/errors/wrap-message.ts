/** The text of a thrown value: an `Error`'s message (without its name), anything else as a string. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message;
  }
  return String(error);
}

/** The words a context starts with, before any quoted value or colon: `Invalid regular expression "(x"` -> `Invalid regular expression`. */
function labelOf(context: string): string {
  const end = context.search(/["':]/);
  return (end === -1 ? context : context.slice(0, end)).trim();
}

/** Whether `text` starts with `words` (compared case-insensitively) followed by a non-word character or its end. */
function startsWithWords(text: string, words: string): boolean {
  if (words === '' || !text.toLowerCase().startsWith(words)) return false;
  return !/[\p{L}\p{N}_]/u.test(text.charAt(words.length));
}

/**
 * A message that wraps another one: `context: what the cause says.`, saying each thing once. The cause's
 * message often starts with the same words as the context (JavaScript engines begin every regular
 * expression error with "Invalid regular expression:"): those words are dropped from the cause, however
 * many times they repeat, and the result ends with exactly one period.
 *
 * @example
 * ```ts
 * wrapMessage('Invalid regular expression "("', new SyntaxError('Invalid regular expression: missing )'));
 * // 'Invalid regular expression "(": missing ).'
 * ```
 */
export function wrapMessage(context: string, cause: unknown): string {
  const head = context.trim().replace(/[\s.:]+$/, '');
  const label = labelOf(head).toLowerCase();
  let inner = messageOf(cause).trim();
  while (startsWithWords(inner, label)) inner = inner.slice(label.length).replace(/^[\s:]+/, '');
  inner = inner.replace(/[\s.]+$/, '');
  return inner === '' ? `${head}.` : `${head}: ${inner}.`;
}
