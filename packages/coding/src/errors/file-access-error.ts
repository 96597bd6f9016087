import { ArmorerError } from '@armorer/core';

/** Why a file inside the root could not be read. */
export type FileAccessErrorCode =
  /** Nothing at that path (or a parent segment is not a directory). */
  | 'NOT_FOUND'
  /** A directory, FIFO, socket or device file: only regular files are read. */
  | 'NOT_A_FILE'
  /** Too many levels of symbolic links (a symlink loop). */
  | 'SYMLINK_LOOP'
  /** The operating system refused the read (permissions, I/O error). */
  | 'UNREADABLE';

/**
 * Thrown by the path jail of `@armorer/coding` for a path inside the root that cannot be read as a regular
 * file. The coding tools report it as an `EXECUTION_FAILED` tool error (not retryable) whose
 * `details.reason` is the code.
 *
 * @example
 * ```ts
 * try {
 *   await jail.open('src');
 * } catch (error) {
 *   if (FileAccessError.isInstance(error)) console.log(error.code); // NOT_A_FILE
 * }
 * ```
 */
export class FileAccessError extends ArmorerError<FileAccessErrorCode> {
  /** The path as the caller gave it. */
  readonly path: string;

  constructor(options: {
    readonly code: FileAccessErrorCode;
    readonly message: string;
    readonly path: string;
    readonly cause?: unknown;
  }) {
    super(options);
    this.name = 'FileAccessError';
    this.path = options.path;
  }

  /** True for a FileAccessError from any copy of the package. */
  static override isInstance(error: unknown): error is FileAccessError {
    return ArmorerError.isInstance(error) && error.name === 'FileAccessError';
  }
}

/** The errno code of a Node filesystem error, if any. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Maps a Node filesystem error to a {@link FileAccessError} (other values are returned unchanged). */
export function toFileAccessError(error: unknown, path: string): unknown {
  if (ArmorerError.isInstance(error)) return error;
  const errno = errnoCode(error);
  if (errno === undefined) return error;
  const shown = JSON.stringify(path);
  if (errno === 'ENOENT' || errno === 'ENOTDIR') {
    return new FileAccessError({
      code: 'NOT_FOUND',
      path,
      message: `${shown} does not exist.`,
      cause: error,
    });
  }
  if (errno === 'ELOOP') {
    return new FileAccessError({
      code: 'SYMLINK_LOOP',
      path,
      message: `${shown} has too many levels of symbolic links.`,
      cause: error,
    });
  }
  if (errno === 'EISDIR' || errno === 'ENXIO' || errno === 'ENODEV') {
    return new FileAccessError({
      code: 'NOT_A_FILE',
      path,
      message: `${shown} is not a regular file.`,
      cause: error,
    });
  }
  return new FileAccessError({
    code: 'UNREADABLE',
    path,
    message: `${shown} cannot be read (${errno}).`,
    cause: error,
  });
}
