import type { ComposableTool, CompositionKind } from './types';

/** Longest default name; provider APIs commonly cap tool names at 64 characters. */
const MAX_NAME = 64;

/** FNV-1a, to keep shortened default names distinct. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(16).padStart(8, '0');
}

/** `pipe-parse-number-double`; shortened with a hash suffix past 64 characters. */
export function defaultName(kind: CompositionKind, steps: readonly ComposableTool[]): string {
  const name = `${kind}-${steps.map((step) => step.name).join('-')}`;
  return name.length <= MAX_NAME ? name : `${name.slice(0, MAX_NAME - 9)}-${hash(name)}`;
}
