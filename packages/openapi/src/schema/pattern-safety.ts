/** Longest pattern checked at all; longer ones are refused. */
const MAX_PATTERN_LENGTH = 1000;
/** Most ways the bounded parts of a pattern can split an input (the constant factor of a match). */
const MAX_SPLITS = 64;

interface Piece {
  /** How many lengths the piece can take: alternatives times (max - min + 1); Infinity when unbounded. */
  readonly choices: number;
}

class Unsafe extends Error {}

/**
 * Decides whether a document's `pattern` runs in linear time on JavaScript's backtracking engine, which is
 * what Zod validates it with. A pattern is accepted only inside a grammar where that is provable: no
 * backreferences or lookaround; groups hold no quantifiers or nested groups and may only be made optional;
 * at most one unbounded quantifier (`*`, `+`, `{n,}`), on a single character or class; the bounded parts can
 * split an input at most 64 ways; and an unanchored pattern's unbounded part, if any, comes last (otherwise
 * every start position rescans the rest: quadratic). Matching is then O(input length x 64 x pattern
 * length). Everything else (`^(a+)+$`, `\d*\d*x`, `(a|ab)*`) is refused and left to the server.
 */
export function isLinearPattern(pattern: string): boolean {
  if (pattern.length > MAX_PATTERN_LENGTH) return false;
  try {
    new RegExp(pattern);
  } catch {
    return false;
  }
  try {
    return check(pattern);
  } catch (error) {
    if (error instanceof Unsafe) return false;
    throw error;
  }
}

function check(pattern: string): boolean {
  const pieces: Piece[] = [];
  const anchored = pattern.startsWith('^');
  let index = anchored ? 1 : 0;
  let anchoredEnd = false;
  while (index < pattern.length) {
    const char = pattern[index] as string;
    if (char === '$' && index === pattern.length - 1) {
      anchoredEnd = true;
      index++;
      continue;
    }
    if (char === '^' || char === '$' || char === '|' || char === ')') throw new Unsafe();
    let alternatives = 1;
    if (char === '(') [index, alternatives] = group(pattern, index);
    else index = atom(pattern, index);
    const [next, min, max] = quantifier(pattern, index);
    if (alternatives > 1 || char === '(') {
      // A group may only be made optional: repeating it is where backtracking explodes.
      if (max > 1) throw new Unsafe();
    }
    index = next;
    pieces.push({ choices: max === Number.POSITIVE_INFINITY ? max : alternatives * (max - min + 1) });
  }
  const unbounded = pieces.filter((piece) => piece.choices === Number.POSITIVE_INFINITY).length;
  if (unbounded > 1) return false;
  let splits = 1;
  for (const piece of pieces) if (piece.choices !== Number.POSITIVE_INFINITY) splits *= piece.choices;
  if (splits > MAX_SPLITS) return false;
  if (!anchored && unbounded === 1) {
    const last = pieces.at(-1);
    return last?.choices === Number.POSITIVE_INFINITY && !anchoredEnd;
  }
  return true;
}

/** Skips one escape (`\d`, `\.`, `\x41`, `\u0041`); refuses backreferences (`\1`, `\k<name>`). */
function skipEscape(pattern: string, index: number): number {
  const next = pattern[index + 1];
  if (next === undefined || /[1-9k]/.test(next)) throw new Unsafe();
  if (next === 'x') return index + 4;
  if (next === 'u') return index + 6;
  if (next === 'c') return index + 3;
  return index + 2;
}

/** Skips a character class `[...]` (escapes inside included). */
function characterClass(pattern: string, index: number): number {
  let at = index + 1;
  if (pattern[at] === '^') at++;
  while (at < pattern.length && pattern[at] !== ']') at = pattern[at] === '\\' ? at + 2 : at + 1;
  if (at >= pattern.length) throw new Unsafe();
  return at + 1;
}

/** Skips one atom: an escape, a class, `.` or a literal character. */
function atom(pattern: string, index: number): number {
  const char = pattern[index];
  if (char === '\\') return skipEscape(pattern, index);
  if (char === '[') return characterClass(pattern, index);
  if (char === '*' || char === '+' || char === '?') throw new Unsafe();
  return index + 1;
}

/** Skips a group of alternatives made of single atoms; returns where it ends and how many alternatives. */
function group(pattern: string, index: number): [number, number] {
  let at = index + 1;
  if (pattern[at] === '?') {
    if (pattern[at + 1] === ':') at += 2;
    else if (pattern[at + 1] === '<' && pattern[at + 2] !== '=' && pattern[at + 2] !== '!') {
      const close = pattern.indexOf('>', at);
      if (close === -1) throw new Unsafe();
      at = close + 1;
    } else throw new Unsafe();
  }
  let alternatives = 1;
  while (at < pattern.length && pattern[at] !== ')') {
    const char = pattern[at] as string;
    if (char === '|') {
      alternatives++;
      at++;
      continue;
    }
    if (char === '(' || char === '^' || char === '$') throw new Unsafe();
    at = atom(pattern, at);
    const [next, min, max] = quantifier(pattern, at);
    if (min !== 1 || max !== 1) throw new Unsafe();
    at = next;
  }
  if (at >= pattern.length) throw new Unsafe();
  return [at + 1, alternatives];
}

/** Reads a quantifier after an atom (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy). */
function quantifier(pattern: string, index: number): [number, number, number] {
  const char = pattern[index];
  let result: [number, number, number] = [index, 1, 1];
  if (char === '*') result = [index + 1, 0, Number.POSITIVE_INFINITY];
  else if (char === '+') result = [index + 1, 1, Number.POSITIVE_INFINITY];
  else if (char === '?') result = [index + 1, 0, 1];
  else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index, index + 24));
    if (match !== null) {
      const min = Number(match[1]);
      const max =
        match[2] === undefined ? min : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3]);
      result = [index + match[0].length, min, max];
    }
  }
  if (result[0] !== index && pattern[result[0]] === '?') result[0]++;
  return result;
}
