import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTempTree, type TempTree } from './__fixtures__/temp-tree';
import { createCodingTools } from './create-coding-tools';
import type { GrepResult } from './grep/search-files';
import { CallBudget } from './tools/call-budget';

// Red-team attacks on the time budget: a budget longer than a timer can hold must not expire at once.

let tree: TempTree;

beforeAll(() => {
  tree = createTempTree();
  for (let index = 0; index < 200; index++) tree.file(`f${index}.txt`, 'needle\n'.repeat(200));
});

afterAll(() => tree.remove());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('red team: the time budget', () => {
  test('a budget beyond 2^31 - 1 ms does not fire its watchdog at once', async () => {
    for (const timeoutMs of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      let fired = 0;
      const stop = new CallBudget({ timeoutMs, hint: '' }).onExpire(() => fired++);
      await sleep(20);
      stop();
      expect({ timeoutMs, fired }).toEqual({ timeoutMs, fired: 0 });
    }
  });

  test('grep under a huge budget searches everything instead of timing out', async () => {
    const { grep } = createCodingTools({ root: tree.root, timeoutMs: Number.MAX_SAFE_INTEGER });
    const found = await grep.execute({
      id: '1',
      name: 'grep',
      arguments: { pattern: 'needle', maxMatches: 10_000 },
    });
    expect(found.error).toBeUndefined();
    expect((found.result as GrepResult).matches).toHaveLength(10_000);
  });
});
