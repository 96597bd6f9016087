import { type Dirent, lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { FileNote } from '../glob/file-note';
import {
  fromBinary,
  type IgnoreLevel,
  type IgnoreRule,
  ignoringRule,
  MAX_RULE_LENGTH,
  parseIgnoreFile,
  pushLevel,
  toBinary,
} from './ignore-rules';
import { readIgnoreFile } from './read-ignore-file';

/**
 * Most rules in force at once (along one path, all levels together): matching an entry costs up to one
 * test per rule, so a hostile tree cannot make each entry arbitrarily slow. Real repositories stay far
 * below it; rules past it are left out, with a note.
 */
export const MAX_RULES_IN_FORCE = 10_000;

/** The ignore files of a directory, in increasing precedence (ripgrep's order: `.ignore` wins). */
const IGNORE_FILES = ['.gitignore', '.ignore'] as const;

const INCLUDE_HINT = 'pass includeIgnored: true to include ignored files';

/** What {@link IgnoreFilter.start} returns when the walk's first directory is ignored. */
export const IGNORED: unique symbol = Symbol('ignored');

function isRealDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The rules git and ripgrep skip files by, for one walk under a root: `.gitignore` and `.ignore` in every
 * directory the walk lists (and in the directories above its first one), and `.git/info/exclude` at the
 * root (the lowest precedence). Ignore files are read only inside the root, only as regular files, through
 * a verified descriptor (see `readIgnoreFile`); what cannot be read is reported through `onNote` and its
 * rules simply do not apply. Rules above the root (a parent repository's files, `core.excludesFile`) are
 * not read: nothing outside the root is.
 */
export class IgnoreFilter {
  readonly #root: string;
  readonly #onNote: (note: FileNote) => void;

  constructor(root: string, onNote: (note: FileNote) => void) {
    this.#root = root;
    this.#onNote = onNote;
  }

  /**
   * The rules in force above the walk's first directory `root/start` (the root's `.git/info/exclude`, the
   * ignore files of the root and of each directory down to it), or {@link IGNORED} when that directory is
   * itself ignored (or is `.git`): the walk then lists nothing, and a note says why.
   */
  start(start: readonly string[]): IgnoreLevel | undefined | typeof IGNORED {
    let level = this.#exclude();
    let directory = '';
    for (const segment of start) {
      level = this.#read(level, directory);
      const path = directory === '' ? segment : `${directory}/${segment}`;
      // A start that is missing or a symlink has no files: the walk finds that out and says nothing.
      if (!isRealDirectory(join(this.#root, path))) return level;
      if (segment === '.git') {
        this.#onNote({
          path,
          reason: 'ignored',
          message: 'The .git directory is skipped; pass includeIgnored: true to include it.',
        });
        return IGNORED;
      }
      const rule = ignoringRule(level, toBinary(directory), toBinary(segment), true);
      if (rule !== undefined) {
        this.#onNote(ignoredNote(path, rule));
        return IGNORED;
      }
      directory = path;
    }
    return level;
  }

  /**
   * The rules in force in `directory` (root-relative), which was just listed as `entries`: the parent's,
   * plus its own ignore files when the listing shows any. Costs one pass over the names otherwise.
   */
  enter(
    parent: IgnoreLevel | undefined,
    directory: string,
    entries: readonly Dirent[],
  ): IgnoreLevel | undefined {
    for (const entry of entries) {
      if (
        (entry.name === '.gitignore' || entry.name === '.ignore') &&
        (entry.isFile() || entry.isSymbolicLink())
      ) {
        return this.#read(parent, directory);
      }
    }
    return parent;
  }

  /** Whether the entry `name` of `directory` (binary, root-relative) is ignored. */
  ignores(level: IgnoreLevel | undefined, directory: string, name: string, isDirectory: boolean): boolean {
    return level !== undefined && ignoringRule(level, directory, toBinary(name), isDirectory) !== undefined;
  }

  #exclude(): IgnoreLevel | undefined {
    const git = join(this.#root, '.git');
    if (!isRealDirectory(git) || !isRealDirectory(join(git, 'info'))) return undefined;
    return this.#push(undefined, '', '.git/info/exclude', this.#rulesOf('.git/info/exclude'));
  }

  #read(parent: IgnoreLevel | undefined, directory: string): IgnoreLevel | undefined {
    let level = parent;
    for (const name of IGNORE_FILES) {
      const file = directory === '' ? name : `${directory}/${name}`;
      level = this.#push(level, directory, file, this.#rulesOf(file));
    }
    return level;
  }

  #rulesOf(file: string): IgnoreRule[] {
    const read = readIgnoreFile(this.#root, file);
    if (read.kind === 'none') return [];
    if (read.kind === 'note') {
      this.#onNote(read.note);
      return [];
    }
    if (read.note !== undefined) this.#onNote(read.note);
    const parsed = parseIgnoreFile(read.text, file);
    if (parsed.skippedLines > 0) {
      this.#onNote({
        path: file,
        reason: 'too-large',
        message: `${parsed.skippedLines} line(s) longer than ${MAX_RULE_LENGTH} bytes were left out of the ignore file.`,
      });
    }
    return parsed.rules;
  }

  #push(
    parent: IgnoreLevel | undefined,
    directory: string,
    file: string,
    rules: IgnoreRule[],
  ): IgnoreLevel | undefined {
    const room = MAX_RULES_IN_FORCE - (parent?.total ?? 0);
    if (rules.length > room) {
      this.#onNote({
        path: file,
        reason: 'too-large',
        message: `Only the first ${Math.max(0, room)} rules of the ignore file apply (at most ${MAX_RULES_IN_FORCE} rules are in force at once).`,
      });
    }
    const kept = rules.length > room ? rules.slice(0, Math.max(0, room)) : rules;
    return kept.length === 0 ? parent : pushLevel(parent, toBinary(directory), kept);
  }
}

function ignoredNote(path: string, rule: IgnoreRule): FileNote {
  return {
    path,
    reason: 'ignored',
    message: `Ignored by ${rule.file} line ${rule.line} (${JSON.stringify(fromBinary(rule.text))}); ${INCLUDE_HINT}.`,
  };
}
