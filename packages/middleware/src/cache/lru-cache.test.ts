import { describe, expect, test } from 'bun:test';
import { createClock } from '../__fixtures__/tools';
import { LruCache } from './lru-cache';

describe('LruCache', () => {
  test('evicts the least recently used entry past its bound', () => {
    const clock = createClock();
    const cache = new LruCache<number>(2, 1000, clock.read);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')?.value).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.value).toBe(1);
    expect(cache.get('c')?.value).toBe(3);
    expect(cache.size).toBe(2);
  });

  test('expires entries after their time to live', () => {
    const clock = createClock();
    const cache = new LruCache<string>(10, 100, clock.read);
    cache.set('k', 'v');
    clock.advance(99);
    expect(cache.get('k')?.value).toBe('v');
    clock.advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('re-setting a key refreshes it and clear empties the cache', () => {
    const clock = createClock();
    const cache = new LruCache<number>(2, 100, clock.read);
    cache.set('a', 1);
    clock.advance(60);
    cache.set('a', 2);
    clock.advance(60);
    expect(cache.get('a')?.value).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
