/** Punctuation that already ends a sentence. */
const TERMINAL = /[.!?…]$/u;
/** What may follow a sentence's final punctuation: closing quotes and brackets. */
const CLOSING = /["'”’)\]]+$/u;

/**
 * A caller's text (a policy reason, a thrown message, a validation issue) made to end as a sentence, so a
 * sentence of ours can follow it: trailing space removed and one period added unless the text already
 * ends with `.`, `!`, `?` or `…` (before any closing quotes or brackets). An empty text stays empty.
 * Every message that puts a caller's text before a sentence of ours goes through it: text ending with a
 * period would otherwise get a second one (`needs approval.. Do not retry`), and text without one would run
 * into ours (`connection reset The tool did not run`).
 *
 * @example
 * ```ts
 * `Tool "pay" was denied: ${sentence(reason)} Do not retry the same call.`;
 * sentence('Payments need a person'); // 'Payments need a person.'
 * sentence('Payments need a person.'); // 'Payments need a person.'
 * ```
 */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  if (trimmed.length === 0) return '';
  return TERMINAL.test(trimmed.replace(CLOSING, '')) ? trimmed : `${trimmed}.`;
}
