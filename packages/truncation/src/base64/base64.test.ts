import { describe, expect, test } from 'bun:test';
import { threadCpuMs } from '../__fixtures__/cpu-time';
import { createRandom, randomBase64 } from '../__fixtures__/random';
import { containsBase64Data, stripBase64Data } from './base64';

const random = createRandom(3);
const payload = randomBase64(random, 4000);

describe('containsBase64Data', () => {
  test('detects data URLs of any length, with or without media type and parameters', () => {
    for (const url of [
      'data:image/png;base64,iVBORw0KGgo=',
      'DATA:IMAGE/JPEG;BASE64,/9j/4AAQ',
      'data:;base64,AAAA',
      'data:text/plain;charset=utf-8;base64,aGVsbG8=',
      'data:application/vnd.ms-excel;name=report.xls;base64,UEsDBA==',
    ]) {
      expect(containsBase64Data(`see ${url} here`)).toBe(true);
      expect(containsBase64Data(`<img src="${url}">`)).toBe(true);
    }
  });

  test('detects long bare runs, including URL-safe and line-wrapped (MIME, PEM) payloads', () => {
    expect(containsBase64Data(`attachment: ${payload}==`)).toBe(true);
    expect(containsBase64Data(payload.replaceAll('+', '-').replaceAll('/', '_'))).toBe(true);
    const wrapped = payload.match(/.{1,76}/g)?.join('\r\n') ?? '';
    expect(containsBase64Data(`-----BEGIN CERTIFICATE-----\n${wrapped}\n-----END CERTIFICATE-----`)).toBe(
      true,
    );
  });

  test('leaves prose, hashes, ids, paths and short tokens alone', () => {
    const sha512 =
      'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e';
    for (const text of [
      'The quick brown fox jumps over the lazy dog. '.repeat(200),
      `sha512: ${sha512}${sha512}${sha512}`,
      'A'.repeat(5000),
      'abcdefghijklmnopqrstuvwxyz'.repeat(20),
      `token: ${randomBase64(random, 200)}`,
      'metadata: {"type":"image/png","encoding":"base64"}',
      'the word database: is not a data URL, nor is xdata:image/png;base64,AAAA inside a word',
      '',
    ]) {
      expect(containsBase64Data(text)).toBe(false);
    }
  });

  test('rejects non-string input', () => {
    expect(() => containsBase64Data(null as never)).toThrow(TypeError);
    expect(() => containsBase64Data(new Uint8Array(4) as never)).toThrow(TypeError);
  });
});

describe('stripBase64Data', () => {
  test('replaces every payload with a note naming its type and size, keeping the text around it', () => {
    const url = `data:image/png;base64,${payload}`;
    const text = `before ${url} middle ${payload} after`;
    const stripped = stripBase64Data(text);
    expect(stripped).toBe(
      `before [base64 image/png data omitted: ${url.length} characters] middle [base64 data omitted: ${payload.length} characters] after`,
    );
    expect(containsBase64Data(stripped)).toBe(false);
  });

  test('uses a custom placeholder verbatim and returns text without payloads unchanged', () => {
    expect(stripBase64Data(`a data:image/gif;base64,R0lGOD== b`, '[binary]')).toBe('a [binary] b');
    const plain = 'nothing to see here';
    expect(stripBase64Data(plain)).toBe(plain);
  });

  test('keeps the padding with the payload and stops at quotes and brackets', () => {
    expect(stripBase64Data('("data:image/png;base64,AAAA==")', 'X')).toBe('("X")');
  });

  test('is linear on huge input', () => {
    const huge = `${'word '.repeat(2_000_000)}${payload}${' '.repeat(10)}${'a1B'.repeat(86)} `;
    // Long runs just under the threshold are the worst case for a naive regex.
    const nearMisses = `${'Ab1'.repeat(85)} `.repeat(40_000);
    let stripped = '';
    let found = true;
    const cpuMs = threadCpuMs(() => {
      stripped = stripBase64Data(huge, '[b64]');
      found = containsBase64Data(nearMisses);
    });
    expect(stripped.endsWith('[b64]          [b64] ')).toBe(true);
    expect(found).toBe(false);
    expect(cpuMs).toBeLessThan(1500);
  });

  test('rejects bad input and placeholders', () => {
    expect(() => stripBase64Data(5 as never)).toThrow(TypeError);
    expect(() => stripBase64Data('abc', null as never)).toThrow(TypeError);
  });
});
