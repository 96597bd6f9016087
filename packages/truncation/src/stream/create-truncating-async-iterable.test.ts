import { describe, expect, test } from 'bun:test';
import { hasLoneSurrogate } from '../__fixtures__/random';
import { createTruncatingAsyncIterable } from './create-truncating-async-iterable';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const chunks: T[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

function source<T>(chunks: readonly T[], state?: { pulled: number; closed: boolean }): AsyncIterable<T> {
  return (async function* produce() {
    try {
      for (const chunk of chunks) {
        if (state) state.pulled++;
        yield chunk;
      }
    } finally {
      if (state) state.closed = true;
    }
  })();
}

describe('createTruncatingAsyncIterable', () => {
  test('yields chunks up to the limit, the cut chunk, the marker, then stops and closes the source', async () => {
    const state = { pulled: 0, closed: false };
    const chunks = await collect(
      createTruncatingAsyncIterable(source(['hello ', 'world ', 'and ', 'more'], state), {
        maxCharacters: 14,
        marker: '[cut]',
      }),
    );
    expect(chunks).toEqual(['hello ', 'world ', 'an', '[cut]']);
    expect(state.pulled).toBe(3);
    expect(state.closed).toBe(true);
  });

  test('a stream within the limit passes through without a marker', async () => {
    expect(await collect(createTruncatingAsyncIterable(source(['ab', 'cd']), { maxCharacters: 4 }))).toEqual([
      'ab',
      'cd',
    ]);
  });

  test('exactly at the limit with more to come, the marker follows', async () => {
    const chunks = await collect(
      createTruncatingAsyncIterable(source(['ab', 'cd', 'e']), { maxCharacters: 4 }),
    );
    expect(chunks).toEqual(['ab', 'cd', '\n…[truncated: the output exceeded 4 characters]']);
  });

  test('never splits a surrogate pair in the cut chunk', async () => {
    const chunks = await collect(
      createTruncatingAsyncIterable(source(['a😀b']), { maxCharacters: 2, marker: '|' }),
    );
    expect(chunks).toEqual(['a', '|']);
    expect(chunks.some(hasLoneSurrogate)).toBe(false);
  });

  test('non-string chunks are counted by their JSON form and never cut', async () => {
    const objects = [{ a: 1 }, { b: 2 }, { c: 3 }];
    const chunks = await collect(
      createTruncatingAsyncIterable(source(objects), { maxCharacters: 15, marker: '!' }),
    );
    expect(chunks).toEqual([{ a: 1 }, { b: 2 }, '!']);
    const binary = await collect(
      createTruncatingAsyncIterable(source([new Uint8Array(3), new Uint8Array(3)]), {
        maxCharacters: 4,
        marker: '!',
      }),
    );
    expect(binary).toEqual([new Uint8Array(3), '!']);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(
      await collect(createTruncatingAsyncIterable(source([circular, 10n]), { maxCharacters: 100 })),
    ).toHaveLength(2);
  });

  test('a zero limit emits only the marker for a non-empty stream', async () => {
    expect(
      await collect(createTruncatingAsyncIterable(source(['', 'x']), { maxCharacters: 0, marker: '!' })),
    ).toEqual(['', '!']);
  });

  test('huge streams stop early instead of being read to the end', async () => {
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced++;
        yield 'x'.repeat(1000);
      }
    }
    const chunks = await collect(createTruncatingAsyncIterable(endless(), { maxCharacters: 10_500 }));
    expect(produced).toBe(11);
    expect(chunks.at(-1)).toContain('truncated');
  });

  test('a failing source propagates its error', async () => {
    async function* failing() {
      yield 'a';
      throw new Error('boom');
    }
    await expect(collect(createTruncatingAsyncIterable(failing()))).rejects.toThrow('boom');
  });

  test('rejects bad sources, limits and markers', () => {
    expect(() => createTruncatingAsyncIterable('text' as never)).toThrow(TypeError);
    expect(() => createTruncatingAsyncIterable([1, 2] as never)).toThrow(TypeError);
    expect(() => createTruncatingAsyncIterable(source([]), { maxCharacters: -1 })).toThrow(RangeError);
    expect(() => createTruncatingAsyncIterable(source([]), { marker: 1 as never })).toThrow(TypeError);
  });
});
