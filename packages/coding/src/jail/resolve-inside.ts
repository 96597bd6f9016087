import { lstat, readlink, realpath } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { FileAccessError, toFileAccessError } from '../errors/file-access-error';
import { PathTraversalError } from '../errors/path-traversal-error';

function outside(path: string): PathTraversalError {
  return new PathTraversalError({
    code: 'OUTSIDE_ROOT',
    path,
    message: `Path ${JSON.stringify(path)} leads outside the root through a symbolic link; it was not read.`,
  });
}

function notFound(path: string): FileAccessError {
  return new FileAccessError({ code: 'NOT_FOUND', path, message: `${JSON.stringify(path)} does not exist.` });
}

/**
 * Resolves `segments` (already checked lexically) under the real `root` one segment at a time: a segment
 * that is a symlink is dereferenced completely (chains included) and must land inside the root, whether or
 * not the rest of the path would come back in. A dangling symlink is judged by where its text points.
 * Returns the real path, which contains no symlinks.
 */
export async function resolveInside(
  root: string,
  segments: readonly string[],
  path: string,
  contains: (absolutePath: string) => boolean,
): Promise<string> {
  let current = root;
  for (const [index, segment] of segments.entries()) {
    const next = join(current, segment);
    let stats: Awaited<ReturnType<typeof lstat>>;
    try {
      stats = await lstat(next);
    } catch (error) {
      throw toFileAccessError(error, path);
    }
    if (stats.isSymbolicLink()) {
      try {
        current = await realpath(next);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') throw toFileAccessError(error, path);
        const target = await readlink(next).catch(() => undefined);
        if (target !== undefined && !contains(resolve(dirname(next), target))) throw outside(path);
        throw notFound(path);
      }
      if (!contains(current)) throw outside(path);
    } else {
      current = next;
    }
    if (index < segments.length - 1 && !stats.isSymbolicLink() && !stats.isDirectory()) throw notFound(path);
  }
  return current;
}
