import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
} from 'node:fs';
import { join } from 'node:path';
import { PathTraversalError } from '../errors/path-traversal-error';
import { IGNORED, type IgnoreFilter } from '../ignore/ignore-filter';
import { type IgnoreLevel, toBinary } from '../ignore/ignore-rules';
import { hasProcFd } from '../jail/open-verified';
import { raceHooks } from '../jail/race-hooks';

/** Called for a directory that could not be listed; the walk goes on without it. */
export type WalkErrorHandler = (relativePath: string, error: unknown) => void;

export interface WalkOptions {
  /** Called between slices of the walk; throw from it to stop the walk (a time budget, an abort). */
  readonly check?: () => void;
  /** Deepest directory level to descend to below the root (1 = only the root's entries). */
  readonly maxDepth?: number;
  /**
   * Skips what git ignores (ignore files, `.git`): see `IgnoreFilter`, which also decides whether the
   * first directory is listed at all. Without it, everything is listed.
   */
  readonly ignore?: IgnoreFilter;
}

interface PendingDirectory {
  readonly path: string;
  readonly depth: number;
  /** The ignore rules in force in its parent. */
  readonly level: IgnoreLevel | undefined;
}

/** How long the walk lists directories before it lets the event loop run. */
const SLICE_MS = 4;

// O_NOFOLLOW: a directory swapped for a symlink fails to open. O_DIRECTORY: anything else fails too.
const DIRECTORY_FLAGS =
  constants.O_RDONLY |
  (constants.O_DIRECTORY ?? 0) |
  (constants.O_NOFOLLOW ?? 0) |
  (constants.O_NONBLOCK ?? 0);

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A directory that is missing, is not a directory, or is a symlink: it simply has no files to list. */
function isNotADirectory(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}

function changed(relativePath: string): PathTraversalError {
  return new PathTraversalError({
    code: 'CHANGED_DURING_OPEN',
    path: relativePath,
    message: `Directory ${JSON.stringify(relativePath)} changed while it was being listed; it was not listed.`,
  });
}

/**
 * Lists the directory `root/relativePath` and proves that what was listed is that directory, inside the
 * root, reached without any symlink. It is opened with `O_NOFOLLOW | O_DIRECTORY`; on Linux the
 * descriptor's own path (`/proc/self/fd`) must be exactly the expected path (any symlink at any segment,
 * swapped in at any moment, makes it differ), and the listing is read through the descriptor, so a swap
 * after the check changes nothing. Elsewhere the path is resolved again after the listing and must still
 * be the directory that was opened.
 */
export function listDirectoryVerified(root: string, relativePath: string): Dirent[] {
  const absolute = relativePath === '' ? root : join(root, relativePath);
  if (process.platform === 'win32') {
    const entries = readdirSync(absolute, { withFileTypes: true });
    if (realpathSync(absolute) !== absolute) throw changed(relativePath);
    return entries;
  }
  const fd = openSync(absolute, DIRECTORY_FLAGS);
  try {
    raceHooks.afterOpenDirectory?.(relativePath);
    if (hasProcFd()) {
      const descriptor = `/proc/self/fd/${fd}`;
      if (readlinkSync(descriptor) !== absolute) throw changed(relativePath);
      return readdirSync(descriptor, { withFileTypes: true });
    }
    const opened = fstatSync(fd);
    const entries = readdirSync(absolute, { withFileTypes: true });
    const now = lstatSync(absolute);
    if (realpathSync(absolute) !== absolute || now.dev !== opened.dev || now.ino !== opened.ino) {
      throw changed(relativePath);
    }
    return entries;
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether every segment of the start directory is a real directory (no symlink): when the start cannot be
 * listed, only then is that worth a note. A start reached through a symlink simply has no files, so a
 * note can never reveal what exists outside the root.
 */
function isPlainDirectoryPath(root: string, start: readonly string[]): boolean {
  let current = root;
  for (const segment of start) {
    current = join(current, segment);
    try {
      if (!lstatSync(current).isDirectory()) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Yields the root-relative paths (`/`-separated) of the regular files under `root/start`, depth first,
 * without following symlinks (to files or directories). Every directory is listed through
 * {@link listDirectoryVerified}, so no name from outside the root is ever yielded or reported, even when
 * directories are swapped for symlinks during the walk. A start directory that is missing or is a symlink
 * has no files. Directories are listed synchronously (several times faster than `fs.promises.readdir`
 * under Node), in slices of a few milliseconds between which the event loop runs and `check` is called.
 * Iterative, so deep trees cannot overflow the stack.
 */
export async function* walkFiles(
  root: string,
  start: readonly string[],
  onError: WalkErrorHandler,
  options: WalkOptions = {},
): AsyncGenerator<string> {
  const first = start.join('/');
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const ignore = options.ignore;
  let startLevel: IgnoreLevel | undefined;
  if (ignore !== undefined) {
    const begun = ignore.start(start);
    if (begun === IGNORED) return;
    startLevel = begun;
  }
  const stack: PendingDirectory[] = [{ path: first, depth: start.length, level: startLevel }];
  let sliceStart = performance.now();
  while (stack.length > 0) {
    if (performance.now() - sliceStart > SLICE_MS) {
      options.check?.();
      await yieldToEventLoop();
      options.check?.();
      sliceStart = performance.now();
    }
    const { path: directory, depth, level: parentLevel } = stack.pop() as PendingDirectory;
    raceHooks.beforeListDirectory?.(directory);
    let entries: Dirent[];
    try {
      entries = listDirectoryVerified(root, directory);
    } catch (error) {
      // A start directory that is missing or a symlink simply has no files; a directory found as one in
      // its parent that is a symlink now was swapped: it is skipped, under its own (inside) name.
      const startGone = directory === first && (isNotADirectory(error) || !isPlainDirectoryPath(root, start));
      if (!startGone) onError(directory, isNotADirectory(error) ? changed(directory) : error);
      continue;
    }
    const level = ignore?.enter(parentLevel, directory, entries);
    // Only computed when rules are in force: the directory as the binary string rules are matched on.
    const binaryDirectory = level === undefined ? '' : toBinary(directory);
    const subdirectories: string[] = [];
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index] as Dirent;
      const isFile = entry.isFile();
      const isDirectory = !isFile && entry.isDirectory() && depth + 1 < maxDepth;
      if (!isFile && !isDirectory) continue;
      if (ignore !== undefined) {
        if (entry.name === '.git') continue;
        if (level !== undefined) {
          // Many entries under many rules: keep the event loop and the budget going inside one directory.
          if ((index & 63) === 63 && performance.now() - sliceStart > SLICE_MS) {
            options.check?.();
            await yieldToEventLoop();
            options.check?.();
            sliceStart = performance.now();
          }
          if (ignore.ignores(level, binaryDirectory, entry.name, isDirectory)) continue;
        }
      }
      const path = directory === '' ? entry.name : `${directory}/${entry.name}`;
      if (isFile) yield path;
      else subdirectories.push(path);
    }
    for (let index = subdirectories.length - 1; index >= 0; index--)
      stack.push({ path: subdirectories[index] as string, depth: depth + 1, level });
  }
}
