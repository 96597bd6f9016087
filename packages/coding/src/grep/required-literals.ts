/**
 * Escapes that stand for a class of characters, a position or a control character and are exactly two
 * characters long (`\0` is not: `\012` is an octal escape outside Unicode mode).
 */
const SHORT_CLASS_ESCAPES = new Set(['b', 'B', 'd', 'D', 'w', 'W', 's', 'S', 'n', 'r', 't', 'v', 'f']);
const QUANTIFIER_BRACES = /^\{\d+(?:,\d*)?\}/;
/** Shorter literals are not worth a scan. */
const MIN_LITERAL = 2;

/** Index just past the `]` closing the class that starts at `open`, or -1. */
function skipClass(source: string, open: number): number {
  for (let index = open + 1; index < source.length; index++) {
    if (source[index] === '\\') index++;
    else if (source[index] === ']') return index + 1;
  }
  return -1;
}

/** Index just past the `)` closing the group that starts at `open`, or -1. */
function skipGroup(source: string, open: number): number {
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    const char = source[index];
    if (char === '\\') index++;
    else if (char === '[') {
      index = skipClass(source, index) - 1;
      if (index < 0) return -1;
    } else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return index + 1;
  }
  return -1;
}

/** Index just past an escape that is not a literal character (`\w`, `\x41`, `\k<name>`, `\12`...). */
function skipClassEscape(source: string, at: number): number {
  if (SHORT_CLASS_ESCAPES.has(source[at + 1] as string)) return at + 2;
  // Longer escapes: skipping too much only loses a literal, never invents one.
  let index = at + 2;
  while (index < source.length && /[A-Za-z0-9{}<>_-]/.test(source[index] as string)) index++;
  return index;
}

/**
 * The longest run of ASCII characters that every match of one alternative must contain, or '' when none
 * can be read off safely. Groups, classes, escapes other than escaped punctuation, and anything optional
 * or repeated end a run: only what is certainly matched, in order and adjacent, is kept.
 */
function longestRequiredRun(alternative: string): string {
  let best = '';
  let run = '';
  const flush = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  let index = 0;
  while (index < alternative.length) {
    const char = alternative[index] as string;
    let atom: string | undefined;
    let end = index + 1;
    if (char === '\\') {
      const next = alternative[index + 1];
      if (next === undefined) return '';
      if (/[A-Za-z0-9]/.test(next)) end = skipClassEscape(alternative, index);
      else {
        atom = next;
        end = index + 2;
      }
    } else if (char === '[') {
      end = skipClass(alternative, index);
    } else if (char === '(') {
      end = skipGroup(alternative, index);
    } else if (
      !'.^$*+?{}|)'.includes(char) ||
      (char === '{' && !QUANTIFIER_BRACES.test(alternative.slice(index)))
    ) {
      atom = char;
    }
    if (end < 0) return '';
    if (atom !== undefined && atom.charCodeAt(0) > 0x7f) atom = undefined;
    const quantifier = alternative[end];
    const braces = quantifier === '{' ? QUANTIFIER_BRACES.exec(alternative.slice(end)) : null;
    if (quantifier === '*' || quantifier === '?' || braces !== null) {
      flush();
      end += braces === null ? 1 : braces[0].length;
    } else if (quantifier === '+') {
      if (atom === undefined) flush();
      else run += atom;
      flush();
      end += 1;
    } else if (atom === undefined) {
      flush();
    } else {
      run += atom;
    }
    if (alternative[end] === '?' && end > index + 1 && '*+?}'.includes(alternative[end - 1] as string)) end++;
    index = end;
  }
  flush();
  return best;
}

/** Splits a pattern at its top-level `|`, or returns undefined when it cannot be read. */
function alternatives(source: string): string[] | undefined {
  const parts: string[] = [];
  let from = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === '\\') index++;
    else if (char === '[') index = skipClass(source, index) - 1;
    else if (char === '(') index = skipGroup(source, index) - 1;
    else if (char === '|') {
      parts.push(source.slice(from, index));
      from = index + 1;
    }
    if (index < -1) return undefined;
  }
  parts.push(source.slice(from));
  return parts;
}

/**
 * Literal strings such that every match of the expression contains at least one of them, or undefined
 * when no such set can be derived safely (case-insensitive matching, an alternative without a literal).
 * The search worker skips a file whose bytes contain none of them without decoding it, which is what makes
 * grep fast on literals (GNU grep does the same). Only ASCII literals are derived, so a byte search on the
 * UTF-8 file is equivalent to a search of the decoded text.
 *
 * @example
 * ```ts
 * requiredLiterals('export (default )?function', 'gm'); // ['export ']  (the longest certain run)
 * requiredLiterals('TODO|FIXME', 'gm'); // ['TODO', 'FIXME']
 * requiredLiterals('\\w+', 'gm'); // undefined
 * ```
 */
export function requiredLiterals(source: string, flags: string): string[] | undefined {
  if (flags.includes('i')) return undefined;
  const parts = alternatives(source);
  if (parts === undefined) return undefined;
  const literals: string[] = [];
  for (const part of parts) {
    const literal = longestRequiredRun(part);
    if (literal.length < MIN_LITERAL) return undefined;
    literals.push(literal);
  }
  return literals;
}
