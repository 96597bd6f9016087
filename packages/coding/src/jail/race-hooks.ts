/**
 * A test seam: functions called at the moments where a concurrent rename could fool a path check (between
 * a check and the open it guards, between opening a directory and listing it). Tests set them to swap a
 * directory or file for a symlink at exactly that moment, so the race is reproduced deterministically
 * instead of by timing luck. Never set outside tests; unset hooks cost one property read.
 */
export interface RaceHooks {
  /** `jail.open`: the path was resolved inside the root and is about to be opened. */
  beforeOpen?: (realPath: string) => void;
  /** `openVerified`: the leaf was checked with `lstat` and is about to be opened. */
  afterLeafCheck?: (realPath: string) => void;
  /** The file walk is about to open a directory it found (root-relative path, `''` for the root). */
  beforeListDirectory?: (relativePath: string) => void;
  /** The file walk opened a directory and is about to verify and list it. */
  afterOpenDirectory?: (relativePath: string) => void;
  /** The file walk checked an ignore file (root-relative path) with `lstat` and is about to open it. */
  beforeReadIgnoreFile?: (relativePath: string) => void;
  /** `grep` enumerated its files (root-relative) and is about to hand them to the search workers. */
  beforeSearch?: (relativePaths: readonly string[]) => void;
}

/** The hooks in force (empty outside tests). Internal: not exported from the package. */
export const raceHooks: RaceHooks = {};
