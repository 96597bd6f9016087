import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { parseCli } from './args';

describe('parseCli', () => {
  test('--root, the environment and the cwd, in that order', () => {
    expect(parseCli(['--root', '/repo'], { ARMORER_CODING_ROOT: '/env' }, '/cwd')).toEqual({
      kind: 'serve',
      root: '/repo',
    });
    expect(parseCli([], { ARMORER_CODING_ROOT: '/env' }, '/cwd')).toEqual({ kind: 'serve', root: '/env' });
    expect(parseCli([], {}, '/cwd')).toEqual({ kind: 'serve', root: '/cwd' });
    expect(parseCli(['--root=/r', '--max-file-bytes', '1024'], {}, '/')).toEqual({
      kind: 'serve',
      root: '/r',
      maxFileBytes: 1024,
    });
    expect(parseCli(['--include-ignored'], {}, '/cwd')).toEqual({
      kind: 'serve',
      root: '/cwd',
      includeIgnored: true,
    });
    expect(parseCli(['--include-ignored', '--max-file-bytes=9'], {}, '/cwd')).toEqual({
      kind: 'serve',
      root: '/cwd',
      maxFileBytes: 9,
      includeIgnored: true,
    });
  });

  test('help, version and bad input', () => {
    expect(parseCli(['-h'], {}, '/')).toEqual({ kind: 'help' });
    expect(parseCli(['--version'], {}, '/')).toEqual({ kind: 'version' });
    expect(parseCli(['--nope'], {}, '/').kind).toBe('error');
    expect(parseCli(['extra'], {}, '/').kind).toBe('error');
    expect(parseCli(['--root', ' '], {}, '/').kind).toBe('error');
    expect(parseCli(['--max-file-bytes', '-3'], {}, '/').kind).toBe('error');
  });

  test('never throws, whatever the arguments', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (argv) =>
        ['serve', 'help', 'version', 'error'].includes(parseCli(argv, {}, '/').kind),
      ),
    );
  });
});
