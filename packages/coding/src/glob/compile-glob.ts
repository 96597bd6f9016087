import { compileAutomaton, type GlobItem, type UnitTest } from './glob-automaton';

/** Index of the `}` closing the `{` at `open`, or -1 when unbalanced (then `{` is a literal). */
function closingBrace(pattern: string, open: number): number {
  let depth = 0;
  for (let index = open; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') index++;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return index;
  }
  return -1;
}

/** Index of the `]` closing the class at `open`, or -1 (then `[` is a literal). */
function closingBracket(pattern: string, open: number): number {
  let index = open + 1;
  if (pattern[index] === '!' || pattern[index] === '^') index++;
  if (pattern[index] === ']') index++;
  for (; index < pattern.length; index++) if (pattern[index] === ']') return index;
  return -1;
}

const SLASH = 0x2f;

/** The code points of a bracket expression's body (`!a-z` in `[!a-z]`) as a test of one code point. */
function characterClass(body: string): UnitTest {
  const negated = body.startsWith('!') || body.startsWith('^');
  const points = Array.from(negated ? body.slice(1) : body, (char) => char.codePointAt(0) as number);
  const members = new Set<number>();
  const ranges: [number, number][] = [];
  for (let index = 0; index < points.length; index++) {
    const from = points[index] as number;
    if (points[index + 1] === 0x2d && index + 2 < points.length) {
      // A reversed range (`[z-a]`) matches nothing, as in Bun.Glob: it is dropped, the other members stay.
      const to = points[index + 2] as number;
      if (from <= to) ranges.push([from, to]);
      index += 2;
    } else {
      members.add(from);
    }
  }
  const inSet = (point: number) =>
    members.has(point) || ranges.some(([from, to]) => from <= point && point <= to);
  // A bracket expression never matches the separator (POSIX FNM_PATHNAME; Bun.Glob#scan matches one
  // segment at a time, so there it cannot either).
  return negated ? (point) => point !== SLASH && !inSet(point) : (point) => point !== SLASH && inSet(point);
}

/** Whether the run of stars `pattern[from, to)` fills a whole segment (start or `/` before, end or `/` after). */
function fillsSegment(pattern: string, from: number, to: number, start: number, end: number): boolean {
  return (from === start || pattern[from - 1] === '/') && (to >= end || pattern[to] === '/');
}

/** A test for exactly the code point at `pattern[index]`, and where the code point ends. */
function literal(pattern: string, index: number): { readonly item: GlobItem; readonly end: number } {
  const point = pattern.codePointAt(index) as number;
  return { item: { kind: 'unit', test: (other) => other === point }, end: index + (point > 0xffff ? 2 : 1) };
}

/** Parses `pattern[start, end)` (one brace alternative or the whole pattern). */
function parse(pattern: string, start: number, end: number): GlobItem[] {
  const items: GlobItem[] = [];
  for (let index = start; index < end; index++) {
    const char = pattern[index] as string;
    if (char === '\\') {
      // An escaped character is itself; a trailing backslash is a backslash.
      const escaped = index + 1 < end ? literal(pattern, index + 1) : literal(pattern, index);
      items.push(escaped.item);
      index = Math.max(index, escaped.end - 1);
    } else if (char === '*') {
      let to = index + 1;
      while (to < end && pattern[to] === '*') to++;
      // Exactly two stars filling a segment are a globstar; any other run of stars is one `*`.
      if (to - index === 2 && fillsSegment(pattern, index, to, start, end)) {
        // A globstar: any number of whole segments (with the `/` after it, when there is one).
        items.push({ kind: 'globstar', last: to >= end });
        index = to >= end ? to - 1 : to;
      } else {
        items.push({ kind: 'star' });
        index = to - 1;
      }
    } else if (char === '?') {
      items.push({ kind: 'unit', test: (point) => point !== SLASH });
    } else if (
      char === '[' &&
      closingBracket(pattern, index) !== -1 &&
      closingBracket(pattern, index) < end
    ) {
      const close = closingBracket(pattern, index);
      items.push({ kind: 'unit', test: characterClass(pattern.slice(index + 1, close)) });
      index = close;
    } else if (char === '{' && closingBrace(pattern, index) !== -1 && closingBrace(pattern, index) < end) {
      const close = closingBrace(pattern, index);
      items.push({ kind: 'alternatives', parts: alternatives(pattern, index + 1, close) });
      index = close;
    } else {
      const plain = literal(pattern, index);
      items.push(plain.item);
      index = plain.end - 1;
    }
  }
  return items;
}

/** Splits `pattern[start, end)` at its top-level commas and parses each alternative. */
function alternatives(pattern: string, start: number, end: number): GlobItem[][] {
  const parts: GlobItem[][] = [];
  let depth = 0;
  let from = start;
  for (let index = start; index < end; index++) {
    const char = pattern[index];
    if (char === '\\') index++;
    else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(parse(pattern, from, index));
      from = index + 1;
    }
  }
  parts.push(parse(pattern, from, end));
  return parts;
}

/**
 * Compiles a glob pattern (root-relative, `/`-separated, not negated) to a predicate over root-relative
 * paths, with the semantics of `Bun.Glob#match`: `*` and `?` stay inside one segment (and match leading
 * dots), a whole-segment `**` spans any number of segments, `[abc]`, `[!a-z]`, `{a,b}` (nested) and `\`
 * escapes, all by code point. The predicate never backtracks (see `compileAutomaton`): a hostile pattern
 * such as `*a*a*a*a*a*a*b` costs no more than the pattern's length times the path's, where a regular
 * expression would run for hours on one long name, on the thread that serves every other call.
 */
export function compileGlob(pattern: string): (path: string) => boolean {
  return compileAutomaton(parse(pattern, 0, pattern.length));
}

/**
 * The leading segments of a pattern that contain no glob syntax: the directory a walk can start from
 * (`src/lib/**` -> `['src', 'lib']`).
 */
export function staticPrefix(pattern: string): string[] {
  const segments = pattern.split('/');
  const prefix: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?[\]{}\\]/.test(segment)) break;
    if (segment === '' || segment === '.') continue;
    prefix.push(segment);
  }
  return prefix;
}
