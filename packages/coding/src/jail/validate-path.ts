import { PathTraversalError } from '../errors/path-traversal-error';

/** Longest path the jail accepts (Linux PATH_MAX). */
export const MAX_PATH_LENGTH = 4096;

// `/x`, `\x`, `C:`, `C:\x`, `C:x`: rooted on some platform, so never root-relative.
const ROOTED = /^(?:[/\\]|[a-zA-Z]:)/;

function refuse(path: string, code: PathTraversalError['code'], reason: string): never {
  throw new PathTraversalError({
    code,
    path,
    message: `Path ${JSON.stringify(path)} is not allowed: ${reason}. Use a path relative to the root, without "..".`,
  });
}

/**
 * Checks a root-relative path lexically and returns its segments (`.` and empty segments dropped, so `''`
 * and `'.'` name the root). Both `/` and `\` separate segments, so a path means the same on every platform.
 *
 * @throws PathTraversalError for NUL bytes, absolute or drive-like paths and `..` segments.
 */
export function pathSegments(path: unknown): string[] {
  if (typeof path !== 'string') refuse(String(path), 'INVALID_PATH', 'it is not a string');
  if (path.length > MAX_PATH_LENGTH)
    refuse(path, 'INVALID_PATH', `it is longer than ${MAX_PATH_LENGTH} characters`);
  if (path.includes('\0')) refuse(path, 'NUL_BYTE', 'it contains a NUL byte');
  if (ROOTED.test(path)) refuse(path, 'ABSOLUTE_PATH', 'it is absolute or drive-relative');
  const segments: string[] = [];
  for (const segment of path.split(/[/\\]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') refuse(path, 'PARENT_SEGMENT', 'it has a ".." segment');
    segments.push(segment);
  }
  return segments;
}
