import { describe, expect, test } from 'bun:test';
import { PathTraversalError } from '../errors/path-traversal-error';
import { MAX_PATH_LENGTH, pathSegments } from './validate-path';

function refusal(path: unknown): string | undefined {
  try {
    pathSegments(path);
    return undefined;
  } catch (error) {
    expect(PathTraversalError.isInstance(error)).toBe(true);
    return (error as PathTraversalError).code;
  }
}

describe('pathSegments', () => {
  test('splits root-relative paths on / and \\, dropping empty and "." segments', () => {
    expect(pathSegments('src/index.ts')).toEqual(['src', 'index.ts']);
    expect(pathSegments('./src//lib/./a.ts')).toEqual(['src', 'lib', 'a.ts']);
    expect(pathSegments('src\\lib\\a.ts')).toEqual(['src', 'lib', 'a.ts']);
    expect(pathSegments('')).toEqual([]);
    expect(pathSegments('.')).toEqual([]);
    expect(pathSegments('a/')).toEqual(['a']);
  });

  test('keeps names that only look like traversal as literal names', () => {
    expect(pathSegments('%2e%2e/x')).toEqual(['%2e%2e', 'x']);
    expect(pathSegments('..%2f..%2fetc')).toEqual(['..%2f..%2fetc']);
    expect(pathSegments('\uff0e\uff0e/x')).toEqual(['\uff0e\uff0e', 'x']);
    expect(pathSegments('..\u2215etc')).toEqual(['..\u2215etc']);
    expect(pathSegments('...')).toEqual(['...']);
    expect(pathSegments('..a/a..')).toEqual(['..a', 'a..']);
    expect(pathSegments('~/x')).toEqual(['~', 'x']);
    expect(pathSegments('file:/x')).toEqual(['file:', 'x']);
  });

  test('refuses ".." in every position', () => {
    for (const path of [
      '..',
      '../',
      '../x',
      'a/..',
      'a/../b',
      'a/b/../../..',
      './..',
      '..\\x',
      'a\\..\\..\\b',
      'a/..\\b',
    ]) {
      expect(refusal(path)).toBe('PARENT_SEGMENT');
    }
  });

  test('refuses absolute, drive-like and UNC paths', () => {
    for (const path of [
      '/etc/passwd',
      '//etc/passwd',
      '\\etc\\passwd',
      '\\\\server\\share',
      'C:\\Windows',
      'C:/x',
      'c:x',
      'Z:',
    ]) {
      expect(refusal(path)).toBe('ABSOLUTE_PATH');
    }
  });

  test('refuses NUL bytes, non-strings and overlong paths', () => {
    expect(refusal('a.txt\0')).toBe('NUL_BYTE');
    expect(refusal('\0')).toBe('NUL_BYTE');
    expect(refusal('a\0/../../x')).toBe('NUL_BYTE');
    expect(refusal(42)).toBe('INVALID_PATH');
    expect(refusal(undefined)).toBe('INVALID_PATH');
    expect(refusal('a'.repeat(MAX_PATH_LENGTH + 1))).toBe('INVALID_PATH');
    expect(refusal('a'.repeat(MAX_PATH_LENGTH))).toBeUndefined();
  });

  test('the error names the path and tells the model what to do instead', () => {
    try {
      pathSegments('../secrets');
      throw new Error('unreachable');
    } catch (error) {
      const traversal = error as PathTraversalError;
      expect(traversal.path).toBe('../secrets');
      expect(traversal.message).toContain('relative to the root');
      expect(traversal.name).toBe('PathTraversalError');
    }
  });
});
