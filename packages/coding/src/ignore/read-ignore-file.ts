import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
} from 'node:fs';
import { join } from 'node:path';
import { errnoCode } from '../errors/file-access-error';
import type { FileNote } from '../glob/file-note';
import { hasProcFd } from '../jail/open-verified';
import { raceHooks } from '../jail/race-hooks';

/** Most bytes of one ignore file that are read; the rules after that are left out, with a note. */
export const MAX_IGNORE_FILE_BYTES = 256 * 1024;

const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** What reading an ignore file gave: its text, nothing (no such regular file), or a note saying why not. */
export type IgnoreFileRead =
  | { readonly kind: 'text'; readonly text: string; readonly note?: FileNote }
  | { readonly kind: 'none' }
  | { readonly kind: 'note'; readonly note: FileNote };

const NONE: IgnoreFileRead = { kind: 'none' };

function note(path: string, reason: FileNote['reason'], message: string): IgnoreFileRead {
  return { kind: 'note', note: { path, reason, message } };
}

function readUpTo(fd: number, limit: number): Buffer {
  const buffer = Buffer.alloc(limit);
  let filled = 0;
  while (filled < limit) {
    const read = readSync(fd, buffer, filled, limit - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  return buffer.subarray(0, filled);
}

/**
 * Reads the ignore file at `root/relativePath` through the same guarantees as every other read: a symbolic
 * link is never followed (git does not follow them either), only a regular file is opened (`lstat` first,
 * then `O_NOFOLLOW | O_NONBLOCK`), and the descriptor is proven to be that file inside the root (on Linux
 * its own path in `/proc/self/fd`; elsewhere the path resolved again, and its device and inode), so a file
 * or directory swapped for a symlink in the meantime is not read. At most {@link MAX_IGNORE_FILE_BYTES} are
 * read. The caller checked that every directory on the way is a real directory inside the root. Returns the
 * text as a binary string (one character per byte, as git matches bytes).
 */
export function readIgnoreFile(root: string, relativePath: string): IgnoreFileRead {
  const absolute = join(root, relativePath);
  try {
    const before = lstatSync(absolute);
    if (before.isSymbolicLink()) {
      return note(
        relativePath,
        'not-a-file',
        'A symbolic link: ignore files are read only when they are regular files (git does not follow them either), so its rules do not apply.',
      );
    }
    if (!before.isFile()) return NONE;
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return NONE;
    return note(
      relativePath,
      'unreadable',
      `Could not read the ignore file (${code ?? 'error'}); its rules do not apply.`,
    );
  }
  raceHooks.beforeReadIgnoreFile?.(relativePath);
  let fd: number;
  try {
    fd = openSync(absolute, READ_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ELOOP') return changed(relativePath);
    if (code === 'ENOENT' || code === 'ENOTDIR') return NONE;
    return note(
      relativePath,
      'unreadable',
      `Could not read the ignore file (${code ?? 'error'}); its rules do not apply.`,
    );
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return changed(relativePath);
    if (hasProcFd()) {
      if (readlinkSync(`/proc/self/fd/${fd}`) !== absolute) return changed(relativePath);
    } else {
      const now = lstatSync(absolute);
      if (realpathSync(absolute) !== absolute || now.dev !== stats.dev || now.ino !== stats.ino) {
        return changed(relativePath);
      }
    }
    const bytes = readUpTo(fd, MAX_IGNORE_FILE_BYTES + 1);
    if (bytes.length <= MAX_IGNORE_FILE_BYTES) return { kind: 'text', text: bytes.toString('latin1') };
    // Whole lines only: a rule cut in two would mean something else.
    const kept = bytes.subarray(0, bytes.lastIndexOf(0x0a, MAX_IGNORE_FILE_BYTES - 1) + 1);
    return {
      kind: 'text',
      text: kept.toString('latin1'),
      note: {
        path: relativePath,
        reason: 'too-large',
        message: `Only the first ${kept.length} bytes of the ignore file were read (at most ${MAX_IGNORE_FILE_BYTES}); the rules after them do not apply.`,
      },
    };
  } catch (error) {
    return note(
      relativePath,
      'unreadable',
      `Could not read the ignore file (${errnoCode(error) ?? 'error'}); its rules do not apply.`,
    );
  } finally {
    closeSync(fd);
  }
}

function changed(path: string): IgnoreFileRead {
  return note(path, 'changed', 'The ignore file changed while it was being opened; it was not read.');
}
