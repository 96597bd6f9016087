import { describe, expect, test } from 'bun:test';
import { ignoringRule, parseIgnoreFile, pushLevel, toBinary } from './ignore-rules';

function shape(text: string) {
  return parseIgnoreFile(text, '.gitignore').rules.map(
    ({ negative, directoryOnly, basename, line, text }) => ({
      negative,
      directoryOnly,
      basename,
      line,
      text,
    }),
  );
}

describe('parseIgnoreFile', () => {
  test('reads lines as git does', () => {
    const text =
      '\xef\xbb\xbf# comment\n\n!keep.log\r\n/build/\ndocs/*.md   \ntrailing\\ \n\\#hash\n\\!bang\nname\0ignored after NUL\n  \nlast';
    expect(shape(text)).toEqual([
      { negative: true, directoryOnly: false, basename: true, line: 3, text: '!keep.log' },
      { negative: false, directoryOnly: true, basename: false, line: 4, text: '/build/' },
      { negative: false, directoryOnly: false, basename: false, line: 5, text: 'docs/*.md' },
      { negative: false, directoryOnly: false, basename: true, line: 6, text: 'trailing\\ ' },
      { negative: false, directoryOnly: false, basename: true, line: 7, text: '\\#hash' },
      { negative: false, directoryOnly: false, basename: true, line: 8, text: '\\!bang' },
      { negative: false, directoryOnly: false, basename: true, line: 9, text: 'name' },
      { negative: false, directoryOnly: false, basename: true, line: 11, text: 'last' },
    ]);
  });

  test('patterns that name nothing are dropped; rules match bytes', () => {
    expect(shape('!\n/\n!/\n')).toEqual([]);
    const { rules } = parseIgnoreFile(toBinary('é?\n'), '.gitignore');
    const level = pushLevel(undefined, '', rules);
    // `?` is one byte, as in git: "é" is two.
    expect(ignoringRule(level, '', toBinary('éa'), false)).toBeDefined();
    expect(ignoringRule(level, '', toBinary('éé'), false)).toBeUndefined();
  });

  test('deeper files and later lines win; negations re-include', () => {
    const root = pushLevel(undefined, '', parseIgnoreFile('*.log\nbuild/\n', '.gitignore').rules);
    const src = pushLevel(
      root,
      'src',
      parseIgnoreFile('!debug.log\n/build/\n!/build/\n', 'src/.gitignore').rules,
    );
    expect(ignoringRule(src, 'src', 'debug.log', false)).toBeUndefined();
    expect(ignoringRule(src, 'src', 'trace.log', false)?.file).toBe('.gitignore');
    expect(ignoringRule(src, 'src', 'build', true)).toBeUndefined();
    expect(ignoringRule(src, 'src', 'build', false)).toBeUndefined();
    expect(ignoringRule(root, '', 'build', true)?.line).toBe(2);
  });
});
