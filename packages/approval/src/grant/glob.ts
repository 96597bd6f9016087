const MAX_PATTERN = 1024;
const MAX_SUBJECT = 8192;

/**
 * Anchored glob match: `*` matches any run of characters except `/`, `**` any run including `/`; every
 * other character matches itself. The whole subject must match. No wildcard matches (any part of) a `.`
 * or `..` path segment (delimited by `/` or a backslash), so `reports/**` never matches
 * `reports/../secrets` nor `reports/..\\secrets`; a pattern that spells such a segment out matches it.
 * Runs in O(pattern x subject) time with no regular expression, so a hostile pattern or resource cannot
 * stall the call (both are also capped).
 *
 * @example
 * ```ts
 * matchResourcePattern('reports/*', 'reports/q1'); // true
 * matchResourcePattern('reports/*', 'reports/2026/q1'); // false
 * matchResourcePattern('reports/**', 'reports/2026/q1'); // true
 * matchResourcePattern('reports/**', 'reports/../secrets'); // false
 * ```
 */
export function matchResourcePattern(pattern: string, subject: string): boolean {
  if (typeof pattern !== 'string' || typeof subject !== 'string') return false;
  if (pattern.length > MAX_PATTERN || subject.length > MAX_SUBJECT) return false;
  const tokens = tokenize(pattern);
  const dots = dotSegments(subject);
  // reachable[j]: the tokens read so far can match subject[0..j).
  let reachable = new Uint8Array(subject.length + 1);
  reachable[0] = 1;
  for (const token of tokens) {
    const next = new Uint8Array(subject.length + 1);
    if (token === STAR || token === GLOBSTAR) {
      // A star extends a reachable position over any characters; a single star stops at a slash.
      let open = false;
      for (let j = 0; j <= subject.length; j++) {
        if (token === STAR && j > 0 && subject[j - 1] === '/') open = false;
        // No wildcard consumes a character of a `.` or `..` segment: it never walks out of its directory.
        if (dots !== undefined && j > 0 && dots[j - 1] === 1) open = false;
        if (reachable[j] === 1) open = true;
        if (open) next[j] = 1;
      }
    } else {
      for (let j = 0; j < subject.length; j++)
        if (reachable[j] === 1 && subject[j] === token) next[j + 1] = 1;
    }
    reachable = next;
  }
  return reachable[subject.length] === 1;
}

/**
 * Marks the characters of the subject's `.` and `..` path segments (delimited by `/` or `\\`), or
 * `undefined` when it has none (the common case costs one scan and no allocation).
 */
function dotSegments(subject: string): Uint8Array | undefined {
  let marks: Uint8Array | undefined;
  let start = 0;
  for (let end = 0; end <= subject.length; end++) {
    // A backslash also ends a segment here: tools on Windows resolve `reports/..\\secrets` upwards.
    if (end < subject.length && subject[end] !== '/' && subject[end] !== '\\') continue;
    const length = end - start;
    if ((length === 1 || length === 2) && subject[start] === '.' && subject[end - 1] === '.') {
      marks ??= new Uint8Array(subject.length);
      marks.fill(1, start, end);
    }
    start = end + 1;
  }
  return marks;
}

const STAR = Symbol('star');
const GLOBSTAR = Symbol('globstar');

function tokenize(pattern: string): (string | typeof STAR | typeof GLOBSTAR)[] {
  const tokens: (string | typeof STAR | typeof GLOBSTAR)[] = [];
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    if (char !== '*') {
      tokens.push(char);
      continue;
    }
    const double = pattern[index + 1] === '*';
    if (double) index++;
    while (pattern[index + 1] === '*') index++;
    const kind = double ? GLOBSTAR : STAR;
    if (tokens.at(-1) !== kind && tokens.at(-1) !== GLOBSTAR) tokens.push(kind);
    else if (kind === GLOBSTAR) tokens[tokens.length - 1] = GLOBSTAR;
  }
  return tokens;
}
