import { compileAutomaton, type GlobItem, type UnitTest } from '../glob/glob-automaton';

const SLASH = 0x2f;

/**
 * The POSIX classes git's `wildmatch` knows (`[[:alpha:]]`), ASCII only as in git (its own ctype table,
 * whatever the locale). An unknown name makes the whole pattern match nothing, as in git.
 */
const POSIX_CLASSES: Readonly<Record<string, UnitTest>> = {
  alnum: (c) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a),
  alpha: (c) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a),
  blank: (c) => c === 0x20 || c === 0x09,
  cntrl: (c) => c < 0x20 || c === 0x7f,
  digit: (c) => c >= 0x30 && c <= 0x39,
  graph: (c) => c > 0x20 && c < 0x7f,
  lower: (c) => c >= 0x61 && c <= 0x7a,
  print: (c) => c >= 0x20 && c < 0x7f,
  punct: (c) =>
    (c >= 0x21 && c <= 0x2f) ||
    (c >= 0x3a && c <= 0x40) ||
    (c >= 0x5b && c <= 0x60) ||
    (c >= 0x7b && c <= 0x7e),
  space: (c) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d,
  upper: (c) => c >= 0x41 && c <= 0x5a,
  xdigit: (c) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66),
};

const notSlash: UnitTest = (c) => c !== SLASH;

function literal(code: number): GlobItem {
  return { kind: 'unit', test: (c) => c === code };
}

/**
 * Parses the bracket expression opening at `pattern[open]` the way git's `wildmatch` scans it: `!` or `^`
 * negates, a `]` first is a member, `\` escapes a member, `a-z` is a range (a reversed one adds only its
 * first member, which was already read), `[:name:]` a POSIX class. Returns undefined when the expression
 * never ends or names an unknown class: git then matches nothing with the whole pattern.
 */
function bracket(
  pattern: string,
  open: number,
): { readonly test: UnitTest; readonly end: number } | undefined {
  let index = open + 1;
  let char = pattern[index];
  const negated = char === '!' || char === '^';
  if (negated) char = pattern[++index];
  const members = new Set<number>();
  const ranges: [number, number][] = [];
  const classes: UnitTest[] = [];
  // The member a following `-` starts a range from (0: none, after a range or a class).
  let previous = 0;
  do {
    if (char === undefined) return undefined;
    if (char === '\\') {
      char = pattern[++index];
      if (char === undefined) return undefined;
      previous = char.charCodeAt(0);
      members.add(previous);
    } else if (char === '-' && previous !== 0 && index + 1 < pattern.length && pattern[index + 1] !== ']') {
      let to = pattern[++index] as string;
      if (to === '\\') {
        const escaped = pattern[++index];
        if (escaped === undefined) return undefined;
        to = escaped;
      }
      ranges.push([previous, to.charCodeAt(0)]);
      previous = 0;
    } else if (char === '[' && pattern[index + 1] === ':') {
      const start = index + 2;
      let close = start;
      while (close < pattern.length && pattern[close] !== ']') close++;
      if (close === pattern.length) return undefined;
      if (close - start - 1 < 0 || pattern[close - 1] !== ':') {
        // No `:]`: the `[` is a member and the scan goes on just after it.
        previous = 0x5b;
        members.add(previous);
      } else {
        const name = pattern.slice(start, close - 1);
        if (!Object.hasOwn(POSIX_CLASSES, name)) return undefined;
        classes.push(POSIX_CLASSES[name] as UnitTest);
        index = close;
        previous = 0;
      }
    } else {
      previous = char.charCodeAt(0);
      members.add(previous);
    }
    char = pattern[++index];
  } while (char !== ']');
  const inSet = (c: number) =>
    members.has(c) || ranges.some(([from, to]) => from <= c && c <= to) || classes.some((test) => test(c));
  // A bracket expression never matches the separator (git matches paths with WM_PATHNAME).
  return { test: negated ? (c) => c !== SLASH && !inSet(c) : (c) => c !== SLASH && inSet(c), end: index };
}

/**
 * Parses a gitignore pattern (trailing `/` and leading `/` already taken off) into glob items with the
 * semantics of git's `wildmatch` under `WM_PATHNAME`: `?` and `*` never match `/`; a run of two or more
 * stars that fills whole segments (start or `/` before it, end or `/` after it) matches any number of
 * segments; `\` makes the next character literal; brackets as {@link bracket}. Undefined when git would
 * match nothing with the pattern (a bracket that never closes, an unknown class, a final lone `\`).
 */
function parseWildmatch(pattern: string): GlobItem[] | undefined {
  const items: GlobItem[] = [];
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    if (char === '\\') {
      if (index + 1 === pattern.length) return undefined;
      items.push(literal(pattern.charCodeAt(++index)));
    } else if (char === '?') {
      items.push({ kind: 'unit', test: notSlash });
    } else if (char === '*') {
      let end = index + 1;
      while (pattern[end] === '*') end++;
      const after = pattern[end];
      const escapedSlash = after === '\\' && pattern[end + 1] === '/';
      const wholeSegments =
        end - index >= 2 &&
        (index === 0 || pattern[index - 1] === '/') &&
        (after === undefined || after === '/' || escapedSlash);
      if (!wholeSegments) {
        items.push({ kind: 'star' });
        index = end - 1;
      } else if (after === undefined) {
        items.push({ kind: 'globstar', last: true });
        index = end - 1;
      } else {
        // The item takes the `/` after it: nothing, or anything that ends with a `/`.
        items.push({ kind: 'globstar', last: false });
        index = escapedSlash ? end + 1 : end;
      }
    } else if (char === '[') {
      const parsed = bracket(pattern, index);
      if (parsed === undefined) return undefined;
      items.push({ kind: 'unit', test: parsed.test });
      index = parsed.end;
    } else {
      items.push(literal(pattern.charCodeAt(index)));
    }
  }
  return items;
}

const never = () => false;

/**
 * Most automaton states one ignore rule remembers: real rules need a handful, and a repository may hold
 * thousands of rules, so each keeps little (a rule needing more stays correct, only slower).
 */
const RULE_CACHED_STATES = 32;

/**
 * Compiles a gitignore pattern to a predicate over paths (or names) with git's `wildmatch` semantics. Both
 * are binary strings (one character per byte of their UTF-8 form), since git matches bytes: `?` is one
 * byte. The predicate never backtracks (see `compileAutomaton`): a pattern such as `**\/a/**\/a/**\/b`
 * costs the path's length times the pattern's, where a regular expression takes minutes on a deep path.
 */
export function compileWildmatch(pattern: string): (subject: string) => boolean {
  const items = parseWildmatch(pattern);
  return items === undefined ? never : compileAutomaton(items, RULE_CACHED_STATES);
}
