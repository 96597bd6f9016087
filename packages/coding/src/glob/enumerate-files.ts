import { IgnoreFilter } from '../ignore/ignore-filter';
import { compileGlob, staticPrefix } from './compile-glob';
import type { FileNote } from './file-note';
import { isPlainRelativePath } from './validate-pattern';
import { type WalkErrorHandler, walkFiles } from './walk-files';

export interface EnumerateOptions {
  /** Real path of the root. */
  readonly root: string;
  /** A normalized, repository-relative glob pattern (see `normalizeGlobPattern`). */
  readonly pattern: string;
  readonly onError?: WalkErrorHandler;
  /** Called between slices of the walk; throw from it to stop (a time budget, an abort). */
  readonly check?: () => void;
  /**
   * Skip what git ignores: entries matched by `.gitignore` and `.ignore` files (in the root and below) and
   * by `.git/info/exclude`, and `.git` itself (default false: everything is listed).
   */
  readonly respectIgnoreFiles?: boolean;
  /** Notes about ignore files that apply only in part or not at all, and about an ignored start. */
  readonly onNote?: (note: FileNote) => void;
}

/** How many directory levels a pattern can reach: its segment count, unless `**` or braces leave it open. */
export function patternDepth(pattern: string): number {
  if (pattern.includes('**') || pattern.includes('{')) return Number.POSITIVE_INFINITY;
  return pattern.split('/').length;
}

/**
 * Enumerates the regular files under the root whose root-relative path matches the pattern (with the
 * semantics of `Bun.Glob`: see `compileGlob`), dotfiles included, symlinks never followed. The directories
 * are walked by `walkFiles`, which lists each one through a verified descriptor, so no name from outside
 * the root can appear whatever is swapped during the walk, and no deeper than the pattern can match.
 * (`Bun.Glob#scan` is not used: it walks by path, and a directory swapped for a symlink mid-scan would
 * lead it outside the root.) Directories that cannot be listed are reported through `onError`. With
 * `respectIgnoreFiles`, what git ignores is skipped, ignored directories without being listed. Order is
 * unspecified; callers sort.
 */
export async function* enumerateFiles(options: EnumerateOptions): AsyncGenerator<string> {
  const matches = compileGlob(options.pattern);
  const walk = walkFiles(options.root, staticPrefix(options.pattern), options.onError ?? (() => {}), {
    maxDepth: patternDepth(options.pattern),
    ...(options.check === undefined ? {} : { check: options.check }),
    ...(options.respectIgnoreFiles === true
      ? { ignore: new IgnoreFilter(options.root, options.onNote ?? (() => {})) }
      : {}),
  });
  for await (const path of walk) if (isPlainRelativePath(path) && matches(path)) yield path;
}
