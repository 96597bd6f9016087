/** Prefix of the ids armorer gives Gemini function calls that arrive without one. */
export const SYNTHETIC_ID_PREFIX = 'armorer-gemini-';

let counter = 0;

/** A fresh id for a function call the model sent without an id (never sent back to Gemini). */
export function syntheticCallId(): string {
  counter += 1;
  return `${SYNTHETIC_ID_PREFIX}${counter}`;
}
