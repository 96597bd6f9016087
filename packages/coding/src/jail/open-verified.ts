import { constants, existsSync, type Stats } from 'node:fs';
import { type FileHandle, lstat, open, readlink, realpath } from 'node:fs/promises';
import { errnoCode, FileAccessError } from '../errors/file-access-error';
import { PathTraversalError } from '../errors/path-traversal-error';
import { raceHooks } from './race-hooks';

// O_NOFOLLOW: a leaf swapped for a symlink fails to open. O_NONBLOCK: opening a FIFO never waits for a
// writer. Both are 0 where the platform lacks them (Windows), and the identity checks below still apply.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

let procFd: boolean | undefined;

/** Linux exposes the path of an open descriptor, which settles where the opened file really is. */
export function hasProcFd(): boolean {
  procFd ??= process.platform === 'linux' && existsSync('/proc/self/fd');
  return procFd;
}

/** What the kind of a non-regular file is called in messages. */
export function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device file';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

function changed(path: string): PathTraversalError {
  return new PathTraversalError({
    code: 'CHANGED_DURING_OPEN',
    path,
    message: `Path ${JSON.stringify(path)} changed while it was being opened; it was not read.`,
  });
}

/**
 * Confirms that the open descriptor is the file at `realPath`, which the caller checked is inside the
 * root: on Linux by the descriptor's own path, elsewhere by resolving the path again and comparing the
 * device and inode.
 */
export async function verifyDescriptor(
  handle: FileHandle,
  realPath: string,
  stats: Stats,
  path: string,
  useProcFd: boolean = hasProcFd(),
): Promise<void> {
  if (useProcFd) {
    if ((await readlink(`/proc/self/fd/${handle.fd}`)) !== realPath) throw changed(path);
    return;
  }
  // Elsewhere: the path must still resolve to itself and name the very file that was opened.
  const again = await realpath(realPath);
  if (again !== realPath || !sameFile(await lstat(realPath), stats)) throw changed(path);
}

/**
 * Opens a regular file at `realPath` (an absolute path without symlinks that the caller found inside the
 * root) and proves that the descriptor is that file: an `lstat` before the open, `O_NOFOLLOW`, the device
 * and inode of the descriptor, and on Linux the descriptor's own path in `/proc/self/fd`. A symlink or
 * directory swapped in at any segment between the check and the open is refused.
 */
export async function openVerified(
  realPath: string,
  path: string,
  options: { readonly checkFirst: boolean } = { checkFirst: true },
): Promise<{ readonly handle: FileHandle; readonly stats: Stats }> {
  // The lstat keeps special files (devices, FIFOs) from being opened at all; callers that just listed the
  // entry as a regular file skip it, and the checks after the open still catch a swap.
  const before = options.checkFirst ? await lstat(realPath) : undefined;
  if (before?.isSymbolicLink()) throw changed(path);
  if (before !== undefined && !before.isFile()) {
    throw new FileAccessError({
      code: 'NOT_A_FILE',
      path,
      message: `${JSON.stringify(path)} is ${fileKind(before)}, not a regular file.`,
    });
  }
  raceHooks.afterLeafCheck?.(realPath);
  let handle: FileHandle;
  try {
    handle = await open(realPath, READ_FLAGS);
  } catch (error) {
    // O_NOFOLLOW met a symlink that was not there at the lstat.
    if (errnoCode(error) === 'ELOOP') throw changed(path);
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (before !== undefined && !sameFile(before, stats)) throw changed(path);
    if (!stats.isFile()) {
      throw new FileAccessError({
        code: 'NOT_A_FILE',
        path,
        message: `${JSON.stringify(path)} is ${fileKind(stats)}, not a regular file.`,
      });
    }
    await verifyDescriptor(handle, realPath, stats, path);
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
