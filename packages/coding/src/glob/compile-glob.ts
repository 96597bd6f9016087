const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

function escapeLiteral(text: string): string {
  return text.replace(REGEXP_SPECIAL, '\\$&');
}

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

function characterClass(body: string): string {
  const negated = body.startsWith('!') || body.startsWith('^');
  // A reversed range (`[z-a]`) matches nothing, as in Bun.Glob: it is dropped, and the other members stay.
  const raw = (negated ? body.slice(1) : body).replace(/(.)-(.)/gsu, (range, from: string, to: string) =>
    (from.codePointAt(0) as number) > (to.codePointAt(0) as number) ? '' : range,
  );
  const members = raw.replace(/[\\\]^[]/g, '\\$&');
  if (members.length === 0) return negated ? '[^/]' : '(?!)';
  // A bracket expression never matches the separator (POSIX FNM_PATHNAME; Bun.Glob#scan matches one
  // segment at a time, so there it cannot either).
  return negated ? `[^/${members}]` : `(?!/)[${members}]`;
}

/** Whether the run of stars `pattern[from, to)` fills a whole segment (start or `/` before, end or `/` after). */
function fillsSegment(pattern: string, from: number, to: number, start: number, end: number): boolean {
  return (from === start || pattern[from - 1] === '/') && (to >= end || pattern[to] === '/');
}

/** Converts `pattern[start, end)` (one brace alternative or the whole pattern) to a RegExp source. */
function convert(pattern: string, start: number, end: number): string {
  let out = '';
  for (let index = start; index < end; index++) {
    const char = pattern[index] as string;
    if (char === '\\') {
      index++;
      out += index < end ? escapeLiteral(pattern[index] as string) : '\\\\';
    } else if (char === '*') {
      let to = index + 1;
      while (to < end && pattern[to] === '*') to++;
      // Exactly two stars filling a segment are a globstar; any other run of stars is one `*`.
      if (to - index === 2 && fillsSegment(pattern, index, to, start, end)) {
        // A globstar: any number of whole segments (with the `/` after it, when there is one).
        out += to >= end ? '.*' : '(?:.*/)?';
        index = to >= end ? to - 1 : to;
      } else {
        out += '[^/]*';
        index = to - 1;
      }
    } else if (char === '?') {
      out += '[^/]';
    } else if (
      char === '[' &&
      closingBracket(pattern, index) !== -1 &&
      closingBracket(pattern, index) < end
    ) {
      const close = closingBracket(pattern, index);
      out += characterClass(pattern.slice(index + 1, close));
      index = close;
    } else if (char === '{' && closingBrace(pattern, index) !== -1 && closingBrace(pattern, index) < end) {
      const close = closingBrace(pattern, index);
      out += `(?:${alternatives(pattern, index + 1, close).join('|')})`;
      index = close;
    } else {
      out += escapeLiteral(char);
    }
  }
  return out;
}

/** Splits `pattern[start, end)` at its top-level commas and converts each alternative. */
function alternatives(pattern: string, start: number, end: number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = start;
  for (let index = start; index < end; index++) {
    const char = pattern[index];
    if (char === '\\') index++;
    else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(convert(pattern, from, index));
      from = index + 1;
    }
  }
  parts.push(convert(pattern, from, end));
  return parts;
}

/**
 * Compiles a glob pattern (root-relative, `/`-separated, not negated) to a predicate over root-relative
 * paths, with the semantics of `Bun.Glob#match`: `*` and `?` stay inside one segment (and match leading
 * dots), a whole-segment `**` spans any number of segments, `[abc]`, `[!a-z]`, `{a,b}` (nested) and `\`
 * escapes. Used where `Bun.Glob` is not available (Node).
 */
export function compileGlob(pattern: string): (path: string) => boolean {
  const regexp = new RegExp(`^(?:${convert(pattern, 0, pattern.length)})$`);
  return (path) => regexp.test(path);
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
