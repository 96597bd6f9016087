import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { sha256Hex } from '@armorer/approval';
import { createTool, createToolbox } from '@armorer/core';
import fc from 'fast-check';
import { z } from 'zod';
import { threadCpuMs } from '../__fixtures__/cpu-time';
import { canonicalKey } from './canonical-key';
import { createCacheMiddleware } from './create-cache-middleware';

function blob(size: number, seed: number): string {
  return `${seed}:`.padEnd(size, String.fromCharCode(97 + (seed % 26)));
}

/** A DAG of `levels` objects, each level's two fields pointing at the same child: 2^levels paths. */
function sharedDag(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: 'x' };
  for (let level = 0; level < levels; level++) node = { left: node, right: node };
  return node;
}

describe('cache bounds', () => {
  test('SHA-256 keys: the digest (the helper of @armorer/approval) equals node:crypto on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const expected = createHash('sha256').update(text, 'utf8').digest('hex');
        expect(sha256Hex(text)).toBe(expected);
      }),
      { numRuns: 300 },
    );
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('memory is bounded by bytes, and large arguments are keyed by digest', async () => {
    const echo = createTool({
      name: 'echo',
      description: 'Echoes a payload',
      input: z.object({ payload: z.string() }),
      async execute({ payload }) {
        return { size: payload.length, head: payload.slice(0, 8), body: blob(50_000, payload.length) };
      },
    });
    const maxBytes = 1024 * 1024;
    const cache = createCacheMiddleware({ maxEntries: 1000, maxBytes });
    const toolbox = createToolbox([echo], { middleware: [cache] });
    for (let index = 0; index < 200; index++) {
      const result = await toolbox.execute({ name: 'echo', arguments: { payload: blob(100_000, index) } });
      expect(result.outcome).toBe('success');
      expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
    }
    // ~100 KB results: about ten fit in 1 MiB; 1 MB arguments never sit in a key (64-character digests).
    expect(cache.size).toBeGreaterThan(5);
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.bytes / cache.size).toBeLessThan(2 * 50_100 + 2 * 300);
    // The latest entries are still served, by digest.
    const again = await toolbox.execute({ name: 'echo', arguments: { payload: blob(100_000, 199) } });
    expect(again.result).toEqual({
      size: 100_000,
      head: '199:aaaa'.replace(/a/g, 'r'),
      body: blob(50_000, 100_000),
    });
  }, 30_000);

  test('a result larger than maxBytes on its own is returned but not cached', async () => {
    let runs = 0;
    const big = createTool({
      name: 'big',
      description: 'Returns a large value',
      async execute() {
        runs++;
        return blob(200_000, 1);
      },
    });
    const cache = createCacheMiddleware({ maxBytes: 100_000 });
    const toolbox = createToolbox([big], { middleware: [cache] });
    expect((await toolbox.execute({ name: 'big', arguments: {} })).result).toBe(blob(200_000, 1));
    await toolbox.execute({ name: 'big', arguments: {} });
    expect(runs).toBe(2);
    expect(cache.size).toBe(0);
  });

  test('keys are linear in the input: shared DAGs, cycles and hostile values are refused quickly', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const hostile = [
      sharedDag(24),
      sharedDag(40),
      cyclic,
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      ),
      new Proxy(
        {},
        {
          getPrototypeOf: () => {
            throw new Error('trap');
          },
        },
      ),
    ];
    // CPU time, not wall time: a loaded machine stretches the latter, not the former.
    for (const value of hostile) {
      const cpuMs = await threadCpuMs(() => expect(canonicalKey({ value })).toBeUndefined());
      expect(cpuMs).toBeLessThan(5000);
    }
    let runs = 0;
    const any = createTool({
      name: 'any',
      description: 'Takes anything',
      input: z.object({ value: z.unknown() }),
      async execute() {
        runs++;
        return 'ok';
      },
    });
    const toolbox = createToolbox([any], { middleware: [createCacheMiddleware()] });
    for (const value of hostile) {
      let outcome: string | undefined;
      const cpuMs = await threadCpuMs(async () => {
        outcome = (await toolbox.execute({ name: 'any', arguments: { value } })).outcome;
      });
      expect(cpuMs).toBeLessThan(5000);
      expect(outcome).toBe('success');
    }
    expect(runs).toBe(hostile.length);
  }, 30_000);

  test('property: equal JSON values get equal keys, different ones different keys', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (left, right) => {
        const a = canonicalKey(left);
        const b = canonicalKey(right);
        expect(a).toBeDefined();
        expect(a === b).toBe(JSON.stringify(sortKeys(left)) === JSON.stringify(sortKeys(right)));
      }),
      { numRuns: 500 },
    );
  }, 30_000);
});

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return Object.is(value, -0) ? 0 : value;
}
