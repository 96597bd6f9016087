import { compileWildmatch } from './wildmatch';

/** One line of an ignore file, compiled. */
export interface IgnoreRule {
  /** `!pattern`: a match re-includes what an earlier rule or a parent directory's file ignored. */
  readonly negative: boolean;
  /** `pattern/`: matches directories only. */
  readonly directoryOnly: boolean;
  /** No `/` but a final one: matched against the entry's name alone, at any depth. */
  readonly basename: boolean;
  /** Tests a name (basename rules) or a path relative to the ignore file's directory, as binary strings. */
  readonly matches: (subject: string) => boolean;
  /** Root-relative path of the ignore file (`src/.gitignore`, `.git/info/exclude`). */
  readonly file: string;
  /** 1-based line number in that file. */
  readonly line: number;
  /** The line as written (trailing spaces trimmed), as a binary string. */
  readonly text: string;
}

/** What {@link parseIgnoreFile} returns. */
export interface ParsedIgnoreFile {
  readonly rules: IgnoreRule[];
  /** Lines longer than {@link MAX_RULE_LENGTH} bytes, which were left out. */
  readonly skippedLines: number;
}

/** Longest ignore rule (in bytes) that is applied: real rules are short, and matching costs their length. */
export const MAX_RULE_LENGTH = 1024;

const GLOB_SPECIAL = /[*?[\\]/;

/** Drops trailing spaces that are not escaped with a backslash, as git does (tabs stay). */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (char === ' ') {
      if (lastSpace === -1) lastSpace = index;
    } else if (char === '\\') {
      index++;
      // A final backslash: git leaves the line as it is.
      if (index === line.length) return line;
      lastSpace = -1;
    } else {
      lastSpace = -1;
    }
  }
  return lastSpace === -1 ? line : line.slice(0, lastSpace);
}

/** The cheapest test with the same meaning: equality or a suffix for the common rules, else the automaton. */
function compileBody(body: string, basename: boolean): (subject: string) => boolean {
  if (!GLOB_SPECIAL.test(body)) return (subject) => subject === body;
  const suffix = body.slice(1);
  // `*.log` against a name: a name holds no `/`, so the star takes any prefix.
  if (basename && body[0] === '*' && !GLOB_SPECIAL.test(suffix)) return (subject) => subject.endsWith(suffix);
  return compileWildmatch(body);
}

/**
 * Parses the text of a `.gitignore`, `.ignore` or `.git/info/exclude` file (a binary string: one character
 * per byte) the way git does: lines split at `\n` (a `\r` before it dropped), a UTF-8 byte order mark
 * skipped, `#` comments and blank lines skipped, unescaped trailing spaces trimmed, `!` negates, a final
 * `/` matches directories only, a pattern without any other `/` matches names at any depth, one leading `/`
 * anchors it to the file's directory. A NUL byte ends a line's pattern, as in git's C strings.
 */
export function parseIgnoreFile(text: string, file: string): ParsedIgnoreFile {
  const rules: IgnoreRule[] = [];
  let skippedLines = 0;
  const body = text.startsWith('\xef\xbb\xbf') ? text.slice(3) : text;
  const lines = body.split('\n');
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index] as string;
    if (index < lines.length - 1 && line.endsWith('\r')) line = line.slice(0, -1);
    const nul = line.indexOf('\0');
    if (nul !== -1) line = line.slice(0, nul);
    if (line === '' || line[0] === '#') continue;
    if (line.length > MAX_RULE_LENGTH) {
      skippedLines++;
      continue;
    }
    line = trimTrailingSpaces(line);
    let pattern = line;
    const negative = pattern[0] === '!';
    if (negative) pattern = pattern.slice(1);
    const directoryOnly = pattern.endsWith('/');
    if (directoryOnly) pattern = pattern.slice(0, -1);
    if (pattern === '') continue;
    const basename = !pattern.includes('/');
    if (!basename && pattern[0] === '/') pattern = pattern.slice(1);
    rules.push({
      negative,
      directoryOnly,
      basename,
      matches: compileBody(pattern, basename),
      file,
      line: index + 1,
      text: line,
    });
  }
  return { rules, skippedLines };
}

/** The rules of one directory (its `.gitignore`, then its `.ignore`), over those of its parents. */
export interface IgnoreLevel {
  readonly parent: IgnoreLevel | undefined;
  /** How many leading characters of a root-relative binary path name the directory (with its `/`). */
  readonly prefixLength: number;
  readonly rules: readonly IgnoreRule[];
  /** Rules in force here: these and all the parents'. */
  readonly total: number;
}

/** Adds a level of rules under `parent` for the directory whose root-relative binary path is `directory`. */
export function pushLevel(
  parent: IgnoreLevel | undefined,
  directory: string,
  rules: readonly IgnoreRule[],
): IgnoreLevel {
  return {
    parent,
    prefixLength: directory === '' ? 0 : directory.length + 1,
    rules,
    total: (parent?.total ?? 0) + rules.length,
  };
}

/**
 * The rule that ignores an entry, or undefined when none does (or a negated one re-includes it). Git's
 * order: the deepest directory's rules first, the last matching rule of a file wins, a file's rules
 * override its parents'. `directory` and `name` are binary strings; `directory` is root-relative (`''` for
 * the root) and every level of the chain is one of its ancestors (or itself).
 */
export function ignoringRule(
  level: IgnoreLevel | undefined,
  directory: string,
  name: string,
  isDirectory: boolean,
): IgnoreRule | undefined {
  let path: string | undefined;
  for (let current = level; current !== undefined; current = current.parent) {
    const rules = current.rules;
    for (let index = rules.length - 1; index >= 0; index--) {
      const rule = rules[index] as IgnoreRule;
      if (rule.directoryOnly && !isDirectory) continue;
      let subject = name;
      if (!rule.basename) {
        path ??= directory === '' ? name : `${directory}/${name}`;
        subject = path.slice(current.prefixLength);
      }
      if (rule.matches(subject)) return rule.negative ? undefined : rule;
    }
  }
  return undefined;
}

/** A string as the binary string of its UTF-8 bytes (itself when it is ASCII, the common case). */
export function toBinary(text: string): string {
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) > 0x7f) return Buffer.from(text, 'utf8').toString('latin1');
  }
  return text;
}

/** A binary string of UTF-8 bytes as text (for messages). */
export function fromBinary(binary: string): string {
  return Buffer.from(binary, 'latin1').toString('utf8');
}
