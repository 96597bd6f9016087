import { createToolError, ToolFailureError } from '@armorer/core';
import { PathTraversalError } from '../errors/path-traversal-error';

/** Longest glob pattern accepted. */
export const MAX_PATTERN_LENGTH = 1000;

// `..` as a whole segment or brace alternative: `../x`, `a/..`, `{..,a}`.
const PARENT = /(?:^|[/\\{,])\.\.(?=$|[/\\},])/;
const ROOTED = /^(?:[/\\]|[a-zA-Z]:)/;

function refuse(pattern: string, code: PathTraversalError['code'], reason: string): never {
  throw new PathTraversalError({
    code,
    path: pattern,
    message: `Glob pattern ${JSON.stringify(pattern)} is not allowed: ${reason}. Use a pattern relative to the root, such as "src/**/*.ts".`,
  });
}

/**
 * Checks that a glob pattern is repository-relative (no absolute or drive-like start, no `..` segment or
 * alternative, no NUL byte) and returns it with its empty and `.` segments dropped (`.//**` is `**`,
 * `src/./*.ts` is `src/*.ts`). The checks run both before and after that normalization, so no spelling
 * of a rooted pattern survives it.
 *
 * @throws PathTraversalError for patterns that would leave the root; a `ToolFailureError`
 * (INVALID_ARGUMENTS) for a leading `!`, since negated patterns cannot be scanned.
 */
export function normalizeGlobPattern(pattern: string): string {
  if (pattern.length === 0) refuse(pattern, 'INVALID_PATH', 'it is empty');
  if (pattern.length > MAX_PATTERN_LENGTH) {
    refuse(pattern, 'INVALID_PATH', `it is longer than ${MAX_PATTERN_LENGTH} characters`);
  }
  if (pattern.includes('\0')) refuse(pattern, 'NUL_BYTE', 'it contains a NUL byte');
  if (pattern.startsWith('!')) {
    const message = `Glob pattern ${JSON.stringify(pattern)} is negated; negation (a leading "!") is not supported.`;
    throw new ToolFailureError(
      createToolError('INVALID_ARGUMENTS', message, {
        retryable: false,
        details: { issues: [{ path: ['pattern'], code: 'unsupported_glob', message }] },
      }),
    );
  }
  if (ROOTED.test(pattern)) refuse(pattern, 'ABSOLUTE_PATH', 'it is absolute or drive-relative');
  if (PARENT.test(pattern)) refuse(pattern, 'PARENT_SEGMENT', 'it has a ".." segment');
  const body = pattern
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
  if (body.length === 0) refuse(pattern, 'INVALID_PATH', 'it names no files');
  // Defence in depth: what is returned is checked like the input.
  if (ROOTED.test(body)) refuse(pattern, 'ABSOLUTE_PATH', 'it is absolute or drive-relative');
  if (PARENT.test(body)) refuse(pattern, 'PARENT_SEGMENT', 'it has a ".." segment');
  return body;
}

/** Whether a path produced by an enumeration is a plain root-relative path (defence in depth). */
export function isPlainRelativePath(path: string): boolean {
  return !ROOTED.test(path) && !path.split(/[/\\]/).includes('..') && !path.includes('\0');
}
