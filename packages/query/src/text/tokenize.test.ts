import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { analyze } from './analyze';
import { stem } from './stem';
import { asciiWordSpans, tokenize, wordSpans } from './tokenize';

describe('tokenize', () => {
  test('splits identifiers at separators and case changes, keeping camel-cased words whole too', () => {
    expect(tokenize('math.triangle_area-heron')).toEqual(['math', 'triangle', 'area', 'heron']);
    expect(tokenize('sendEmail')).toEqual(['send', 'email', 'sendemail']);
    expect(tokenize('getHTTPResponse')).toEqual(['get', 'http', 'response', 'gethttpresponse']);
    expect(tokenize('GitHub')).toEqual(['git', 'hub', 'github']);
    expect(tokenize('fs/read-file v2')).toEqual(['fs', 'read', 'file', 'v2']);
  });

  test('splits digits from real words only', () => {
    expect(tokenize('side1 base64 s3 ec2 k8s')).toEqual(['side', '1', 'base', '64', 's3', 'ec2', 'k8s']);
  });

  test('folds Latin diacritics and full-width forms, keeps other scripts', () => {
    expect(tokenize('Café NAÏVE')).toEqual(['cafe', 'naive']);
    expect(tokenize('ｓｅｎｄ　ｍａｉｌ')).toEqual(['send', 'mail']);
    expect(tokenize('ПолучитьПогоду')).toEqual(['получить', 'погоду', 'получитьпогоду']);
  });

  test('segments scripts written without spaces', () => {
    const chinese = tokenize('发送电子邮件');
    expect(chinese).toContain('发送');
    expect(chinese).toContain('邮件');
    const japanese = tokenize('メールを送信する');
    expect(japanese).toContain('メール');
    expect(japanese).toContain('送信');
    expect(tokenize('ส่งอีเมล')).toContain('อีเมล');
  });

  test('text without words gives no tokens; regular-expression characters are plain separators', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize('  .*+?^$()|[]{}\\ ')).toEqual([]);
    expect(tokenize('C++ (beta)')).toEqual(['c', 'beta']);
  });
});

describe('analyze and stem', () => {
  test('inflections of a word meet', () => {
    for (const group of [
      ['create', 'creates', 'created', 'creating'],
      ['issue', 'issues'],
      ['query', 'queries'],
      ['match', 'matches'],
      ['embed', 'embedding', 'embedded'],
      ['address', 'addresses'],
      ['calorie', 'calories'],
      ['movie', 'movies'],
      ['city', 'cities'],
    ]) {
      expect(new Set(group.map(stem)).size).toBe(1);
    }
    expect(stem('status')).toBe('status');
    // A stem never becomes a function word that queries keep: `note` does not meet `not`.
    expect(stem('note')).not.toBe('not');
    expect(stem('notes')).toBe(stem('note'));
    expect(stem('day')).toBe('day');
    expect(stem('need')).toBe('need');
    // A final `s` that is no plural: `news` does not meet `new` (`New York`).
    expect(stem('news')).toBe('news');
    expect(stem('news')).not.toBe(stem('new'));
    expect(stem('bias')).toBe('bias');
    expect(stem('ab')).toBe('ab');
    expect(stem('weiß')).toBe('weiß');
  });

  test('drops stopwords', () => {
    expect(analyze('Send an email to the team')).toEqual(['send', 'email', 'team']);
  });
});

describe('word spans of ASCII text', () => {
  test('give the words of tokenize, by offsets into the text; -1 for other text', () => {
    const text = 'Get the HTTPResponse of side1, GitHub s3';
    const count = asciiWordSpans(text);
    const spans = wordSpans();
    const words = Array.from({ length: count }, (_, at) =>
      text.slice(spans[at * 2], spans[at * 2 + 1]).toLowerCase(),
    );
    expect(words).toEqual(tokenize(text));
    expect(asciiWordSpans('Café')).toBe(-1);
    expect(asciiWordSpans('')).toBe(0);
  });

  test('agree with tokenize on any ASCII text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'aAbBzZ09 _-.HTTPxyzGit$('.split('')), maxLength: 60 }),
        (text) => {
          const count = asciiWordSpans(text);
          const spans = wordSpans();
          const words: string[] = [];
          for (let at = 0; at < count; at++)
            words.push(text.slice(spans[at * 2], spans[at * 2 + 1]).toLowerCase());
          expect(words).toEqual(tokenize(text));
        },
      ),
      { numRuns: 500 },
    );
  });
});
