import { describe, expect, test } from 'bun:test';
import { BodyTooLargeError, readLimitedText } from './body';
import { isJsonContentType } from './content-type';

function streamed(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readLimitedText', () => {
  test('reads bodies up to the limit, refuses declared or received bytes past it', async () => {
    expect(await readLimitedText(new Request('http://x/', { method: 'POST', body: '{"a":1}' }), 7)).toBe(
      '{"a":1}',
    );
    expect(await readLimitedText(new Request('http://x/'), 7)).toBe('');
    const declared = new Request('http://x/', {
      method: 'POST',
      body: 'x',
      headers: { 'content-length': '100' },
    });
    expect(readLimitedText(declared, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    const lying = { headers: new Headers(), body: streamed(['12345', '67890', 'x']) };
    expect(readLimitedText(lying, 10)).rejects.toThrow('Request body exceeds 10 bytes.');
    const split = { headers: new Headers(), body: streamed(['h\u00e9', 'llo']) };
    expect(await readLimitedText(split, 10)).toBe('héllo');
  });
});

describe('isJsonContentType', () => {
  test('JSON and +json types with parameters pass; others and a missing header do not', () => {
    for (const value of ['application/json', 'Application/JSON; charset=utf-8', 'application/problem+json']) {
      expect([value, isJsonContentType(value)]).toEqual([value, true]);
    }
    for (const value of [
      null,
      undefined,
      '',
      'text/plain',
      'application/jsonx',
      'application/json-seq',
      'text/json',
      'multipart/form-data',
    ]) {
      expect([value, isJsonContentType(value)]).toEqual([value, false]);
    }
  });
});
