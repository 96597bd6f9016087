const MAX_PATTERN = 1024;
const MAX_SUBJECT = 8192;

/**
 * Anchored glob match: `*` matches any run of characters except `/`, `**` any run including `/`; every
 * other character matches itself. The whole subject must match. Runs in O(pattern x subject) time with
 * no regular expression, so a hostile pattern or resource cannot stall the call (both are also capped).
 *
 * @example
 * ```ts
 * matchResourcePattern('reports/*', 'reports/q1'); // true
 * matchResourcePattern('reports/*', 'reports/2026/q1'); // false
 * matchResourcePattern('reports/**', 'reports/2026/q1'); // true
 * ```
 */
export function matchResourcePattern(pattern: string, subject: string): boolean {
  if (typeof pattern !== 'string' || typeof subject !== 'string') return false;
  if (pattern.length > MAX_PATTERN || subject.length > MAX_SUBJECT) return false;
  const tokens = tokenize(pattern);
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
