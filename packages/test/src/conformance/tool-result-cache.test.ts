import { expect, test } from 'bun:test';
import { createToolResultCache, type ToolResultCache, type ToolResultCacheEntry } from '@armorer/idempotency';
import { ConformanceError } from './assert';
import { defineToolResultCacheConformance } from './tool-result-cache';

const seedIn =
  (store: Map<string, unknown>) =>
  (_cache: ToolResultCache, key: string, startedAt: number): void => {
    store.set(key, { state: 'started', startedAt });
  };

// The process-local cache over a Map.
let mapStore = new Map<string, unknown>();
defineToolResultCacheConformance(
  () => {
    mapStore = new Map();
    return createToolResultCache({ store: mapStore as Map<string, ToolResultCacheEntry> });
  },
  {
    test,
    name: 'process-local cache over a Map',
    seedLegacyStarted: (cache, key, at) => seedIn(mapStore)(cache, key, at),
  },
);

// The same cache over an asynchronous store whose reads and writes take random turns.
const delay = () => new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 3)));
let asyncBacking = new Map<string, unknown>();
defineToolResultCacheConformance(
  () => {
    asyncBacking = new Map();
    const backing = asyncBacking;
    return createToolResultCache({
      store: {
        get: async (key) => (await delay(), backing.get(key)),
        set: async (key, value) => (await delay(), backing.set(key, value)),
        delete: async (key) => (await delay(), backing.delete(key)),
      },
    });
  },
  {
    test,
    name: 'process-local cache over an async store',
    seedLegacyStarted: (cache, key, at) => seedIn(asyncBacking)(cache, key, at),
  },
);

test('the suite catches a cache that does not fence attempts', async () => {
  const registered: { name: string; run: () => Promise<void> }[] = [];
  const honest = createToolResultCache({ store: new Map() });
  // Completes and deletes whatever attempt asks: the late-completion rule is broken.
  const unfenced: ToolResultCache = {
    ...Object.fromEntries(
      (['get', 'claimStarted', 'renewStarted', 'replaceUnknownStarted', 'replaceLegacyStarted'] as const).map(
        (name) => [name, (honest[name] as (...args: unknown[]) => unknown).bind(honest)],
      ),
    ),
    specificationVersion: 'v1',
    completeStarted: async () => true,
    deleteStarted: async () => true,
  } as unknown as ToolResultCache;
  defineToolResultCacheConformance(() => unfenced, {
    test: (name, run) => registered.push({ name, run }),
  });
  const failures: string[] = [];
  for (const { name, run } of registered) {
    try {
      await run();
    } catch (error) {
      expect(error).toBeInstanceOf(ConformanceError);
      failures.push(name);
    }
  }
  expect(failures.some((name) => name.includes('completeStarted'))).toBe(true);
  expect(failures.some((name) => name.includes('replaceUnknownStarted replaces'))).toBe(true);
});
