import { describe, expect, test } from 'bun:test';
import { StoreError } from '@armorer/core';
import fc from 'fast-check';
import { adaptClient, type ClientAdapter } from './client-adapter';
import { luaScript } from './lua-script';
import { RedisConnection } from './redis-connection';

const SCRIPT = luaScript("return redis.call('GET', KEYS[1])", 1);

/** An ioredis-like client whose EVALSHA does what `answer` says, in the state `status`. */
function ioredisLike(answer: () => Promise<unknown>, status = 'ready') {
  const calls: unknown[][] = [];
  const client = {
    status,
    options: { host: '10.0.0.9', port: 6380 },
    evalsha: (...args: unknown[]) => {
      calls.push(['evalsha', ...args]);
      return answer();
    },
    eval: (...args: unknown[]) => {
      calls.push(['eval', ...args]);
      return Promise.resolve('loaded');
    },
  };
  return { client, calls, adapter: adaptClient(client) as ClientAdapter };
}

async function failure(promise: Promise<unknown>): Promise<StoreError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(StoreError.isInstance(error)).toBe(true);
  return error as StoreError;
}

describe('RedisConnection', () => {
  test('checks the connection once, then runs scripts; NOSCRIPT falls back to EVAL', async () => {
    let noscript = true;
    const { adapter, calls } = ioredisLike(() =>
      noscript ? Promise.reject(new Error('NOSCRIPT No matching script.')) : Promise.resolve('v'),
    );
    const connection = new RedisConnection(adapter, 1000);
    expect(await connection.run(SCRIPT, ['k', 1])).toBe('loaded');
    noscript = false;
    expect(await connection.run(SCRIPT, ['k', 1])).toBe('v');
    // The probe (EVALSHA, EVAL), the first script (EVALSHA, EVAL), the second (EVALSHA).
    expect(calls.map((call) => call[0])).toEqual(['evalsha', 'eval', 'evalsha', 'eval', 'evalsha']);
    expect(calls[2]).toEqual(['evalsha', SCRIPT.sha1, 1, 'k', 1]);
  });

  test('a failed check is not remembered: the store serves once the server is back', async () => {
    let up = false;
    const { adapter } = ioredisLike(() =>
      up
        ? Promise.resolve(1)
        : Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    );
    const connection = new RedisConnection(adapter, 1000);
    expect(await failure(connection.ready())).toMatchObject({ code: 'unavailable', retryable: true });
    up = true;
    await connection.ready();
    expect(await connection.run(SCRIPT, ['k'])).toBe(1);
  });

  test('a client that never answers fails at the deadline with timeout, naming it and the server', async () => {
    const { adapter } = ioredisLike(() => new Promise(() => {}));
    const error = await failure(new RedisConnection(adapter, 20).run(SCRIPT, ['k']));
    expect(error).toMatchObject({ code: 'timeout', retryable: true, retryAfterMs: 1000 });
    expect(error.message).toContain('10.0.0.9:6380 did not answer within 20 ms (operationTimeoutMs)');
  });

  test('a reconnecting or closed client fails at once, without sending', async () => {
    for (const [status, code] of [
      ['reconnecting', 'unavailable'],
      ['close', 'unavailable'],
      ['end', 'closed'],
    ] as const) {
      const { adapter, calls } = ioredisLike(() => Promise.resolve(1), status);
      expect(await failure(new RedisConnection(adapter, 1000).run(SCRIPT, ['k']))).toMatchObject({ code });
      expect(calls).toEqual([]);
    }
  });

  test('closed stores refuse every script and ready()', async () => {
    const { adapter, calls } = ioredisLike(() => Promise.resolve(1));
    const connection = new RedisConnection(adapter, 1000);
    await connection.ready();
    connection.close();
    expect(await failure(connection.run(SCRIPT, ['k']))).toMatchObject({ code: 'closed', retryable: false });
    expect(await failure(connection.ready())).toMatchObject({ code: 'closed' });
    expect(calls).toHaveLength(1);
  });

  test('each failure a client reports becomes the error class it is', async () => {
    const cases: readonly [Error, string, string][] = [
      [new Error('Connection is closed.'), 'ready', 'unavailable'],
      [new Error('Connection is closed.'), 'end', 'closed'],
      [new Error('The client is closed'), 'ready', 'closed'],
      [new Error('NOAUTH Authentication required.'), 'ready', 'misconfigured'],
      [new Error('WRONGPASS invalid username-password pair'), 'ready', 'misconfigured'],
      [
        new Error("NOPERM this user has no permissions to run the 'evalsha' command"),
        'ready',
        'misconfigured',
      ],
      [new Error("ERR unknown command 'EVALSHA'"), 'ready', 'misconfigured'],
      [
        Object.assign(new Error('getaddrinfo ENOTFOUND redis.invalid'), { code: 'ENOTFOUND' }),
        'ready',
        'misconfigured',
      ],
      [
        new Error('WRONGTYPE Operation against a key holding the wrong kind of value'),
        'ready',
        'command-failed',
      ],
      [new Error('LOADING Redis is loading the dataset in memory'), 'ready', 'unavailable'],
      [new Error('READONLY You cannot write against a read only replica.'), 'ready', 'unavailable'],
      [new Error('read ECONNRESET'), 'ready', 'unavailable'],
    ];
    for (const [thrown, status, code] of cases) {
      const client = {
        status,
        evalsha: () => Promise.reject(thrown),
        eval: () => Promise.reject(thrown),
      };
      const error = await failure(new RedisConnection(adaptClient(client) as ClientAdapter, 1000).ready());
      expect([thrown.message, error.code]).toEqual([thrown.message, code]);
      // A client that says it ended is refused before anything is sent.
      expect(error.cause).toBe(status === 'end' ? undefined : thrown);
    }
  });

  test('whatever a client throws or rejects with, the store answers a StoreError (generated)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.boolean(), async (thrown, synchronously) => {
        const client = {
          evalsha: () => {
            if (synchronously) throw thrown;
            return Promise.reject(thrown);
          },
          eval: () => Promise.reject(thrown),
        };
        const error = await failure(new RedisConnection(adaptClient(client) as ClientAdapter, 1000).ready());
        expect(typeof error.retryable).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
});

describe('adaptClient', () => {
  test('node-redis: keys and arguments apart, as strings; its state from isOpen and isReady', async () => {
    const calls: unknown[] = [];
    const client = {
      isOpen: true,
      isReady: true,
      options: { url: 'redis://cache.internal:6390' },
      evalSha: (sha: string, options: unknown) => {
        calls.push([sha, options]);
        return Promise.resolve(1);
      },
      eval: () => Promise.resolve(1),
    };
    const adapter = adaptClient(client) as ClientAdapter;
    expect(adapter.family).toBe('node-redis');
    await adapter.evalsha('s', 2, ['k1', 'k2', 3, 'x']);
    expect(calls).toEqual([['s', { keys: ['k1', 'k2'], arguments: ['3', 'x'] }]]);
    expect(adapter.endpoint()).toBe('cache.internal:6390');
    expect(adapter.state()).toBe('usable');
    client.isReady = false;
    expect(adapter.state()).toBe('not-ready');
    client.isOpen = false;
    expect(adapter.state()).toBe('closed');
  });

  test('anything else, hostile proxies included, is not a client (and never throws)', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    for (const value of [undefined, null, 'redis://x', { query() {} }, { eval() {} }, hostile]) {
      expect(adaptClient(value)).toBeUndefined();
    }
  });
});
