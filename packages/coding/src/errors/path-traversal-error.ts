import { ArmorerError } from '@armorer/core';

/** Why the jail refused a path. */
export type PathTraversalErrorCode =
  /** Not a usable path: empty, not a string, or longer than 4,096 characters. */
  | 'INVALID_PATH'
  /** Contains a NUL byte. */
  | 'NUL_BYTE'
  /** Absolute (`/etc/passwd`), drive-like (`C:\x`, `C:x`) or a UNC/backslash-rooted path. */
  | 'ABSOLUTE_PATH'
  /** Has a `..` segment. */
  | 'PARENT_SEGMENT'
  /** Resolves (through symlinks) to a location outside the root. */
  | 'OUTSIDE_ROOT'
  /** The file changed between the check and the open (for example a symlink swapped in). */
  | 'CHANGED_DURING_OPEN';

/**
 * Thrown by the path jail of `@armorer/coding` when a path would leave the root: an absolute path, a `..`
 * segment, a NUL byte, or a symlink (at any segment, the leaf included) that dereferences outside the root.
 * The coding tools report it as a `POLICY_DENIED` tool error whose `cause` is this error.
 *
 * @example
 * ```ts
 * try {
 *   await jail.resolve('../etc/passwd');
 * } catch (error) {
 *   if (PathTraversalError.isInstance(error)) console.log(error.code, error.path); // PARENT_SEGMENT ../etc/passwd
 * }
 * ```
 */
export class PathTraversalError extends ArmorerError<PathTraversalErrorCode> {
  /** The path as the caller gave it. */
  readonly path: string;

  constructor(options: {
    readonly code: PathTraversalErrorCode;
    readonly message: string;
    readonly path: string;
    readonly cause?: unknown;
  }) {
    super(options);
    this.name = 'PathTraversalError';
    this.path = options.path;
  }

  /** True for a PathTraversalError from any copy of the package. */
  static override isInstance(error: unknown): error is PathTraversalError {
    return ArmorerError.isInstance(error) && error.name === 'PathTraversalError';
  }
}
