import { realpathSync, type Stats, statSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { ToolDefinitionError } from '@armorer/core';
import { toFileAccessError } from '../errors/file-access-error';
import { openVerified } from './open-verified';
import { raceHooks } from './race-hooks';
import { resolveInside } from './resolve-inside';
import { pathSegments } from './validate-path';

/** A regular file inside the root, opened for reading. Close `handle` when done. */
export interface JailedFile {
  /** Root-relative path of the file (with `/` separators), after symlinks were resolved. */
  readonly path: string;
  /** Absolute real path of the file. */
  readonly realPath: string;
  readonly handle: FileHandle;
  readonly stats: Stats;
}

/** Every path the coding tools touch goes through one of these, anchored to a root directory. */
export interface PathJail {
  /** The real path (symlinks resolved) of the root directory. */
  readonly root: string;
  /**
   * Resolves a root-relative path to the absolute real path it names, following symlinks that stay inside
   * the root. Throws a `PathTraversalError` for absolute paths, `..` segments, NUL bytes and symlinks (at
   * any segment, the leaf included) that lead outside the root, and a `FileAccessError` when nothing is
   * there.
   */
  resolve(path: string): Promise<string>;
  /**
   * Opens a regular file for reading and verifies that the opened descriptor is the file inside the root
   * that was checked, so a symlink swapped in between the check and the open is refused.
   */
  open(path: string): Promise<JailedFile>;
  /**
   * Whether an absolute path is the root or lies under it, once normalized (`..` and `.` segments
   * applied, lexically; symlinks are not looked at). Relative paths and paths with NUL bytes are not.
   */
  contains(absolutePath: string): boolean;
  /** The root-relative form (with `/` separators) of an absolute path inside the root. */
  relative(absolutePath: string): string;
}

function realRoot(root: unknown): string {
  if (typeof root !== 'string' || root.length === 0) {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_CONFIGURATION',
      message: 'The coding tools need a root directory: pass { root: "/path/to/repository" }.',
    });
  }
  let real: string;
  try {
    real = realpathSync(root);
  } catch (cause) {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_CONFIGURATION',
      message: `The root ${JSON.stringify(root)} does not exist or cannot be resolved.`,
      cause,
    });
  }
  if (!statSync(real).isDirectory()) {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_CONFIGURATION',
      message: `The root ${JSON.stringify(root)} is not a directory.`,
    });
  }
  return real;
}

/**
 * Creates the path jail the coding tools use: every path is resolved through `root` (its real path, taken
 * once here). `createCodingTools` returns the jail it made as `jail`.
 *
 * @example
 * ```ts
 * const jail = createPathJail(process.cwd());
 * await jail.resolve('src/index.ts'); // '/abs/repo/src/index.ts'
 * await jail.resolve('../secrets'); // throws PathTraversalError (PARENT_SEGMENT)
 * const file = await jail.open('README.md');
 * try { console.log(file.stats.size); } finally { await file.handle.close(); }
 * ```
 */
export function createPathJail(root: string): PathJail {
  const rootPath = realRoot(root);
  const prefix = rootPath.endsWith(sep) ? rootPath : rootPath + sep;
  const contains = (absolutePath: string): boolean => {
    // Normalized first: "/root/../etc" is not under "/root", however it starts.
    if (typeof absolutePath !== 'string' || !isAbsolute(absolutePath) || absolutePath.includes('\0')) {
      return false;
    }
    const normal = resolve(absolutePath);
    return normal === rootPath || normal.startsWith(prefix);
  };
  const toRelative = (absolutePath: string): string => relative(rootPath, absolutePath).split(sep).join('/');

  // The root as given, when it differs from its real path: absolute symlinks inside may spell it that way.
  const given = resolve(root);
  const alias = given === rootPath ? undefined : given;
  const resolvePath = async (path: string): Promise<string> =>
    resolveInside(rootPath, pathSegments(path), path, contains, alias);

  return {
    root: rootPath,
    resolve: resolvePath,
    async open(path) {
      const realPath = await resolvePath(path);
      raceHooks.beforeOpen?.(realPath);
      try {
        const { handle, stats } = await openVerified(realPath, path);
        return { path: toRelative(realPath), realPath, handle, stats };
      } catch (error) {
        throw toFileAccessError(error, path);
      }
    },
    contains,
    relative: toRelative,
  };
}
