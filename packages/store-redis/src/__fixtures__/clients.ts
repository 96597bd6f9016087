import Redis from 'ioredis';
import { createClient as createClient5 } from 'redis';
import { createClient as createClient4 } from 'redis-4';
import { createClient as createClient6 } from 'redis-6';
import type { RedisClient } from '../client/client-adapter';

/** A client of one kind on a URL, and how to let it go. */
export interface TestClient {
  readonly client: RedisClient;
  /** The client's own raw commands, for checks beside the stores. */
  readonly raw: RawCommands;
  close(): Promise<void>;
}

/** What the tests read and clean up directly. */
export interface RawCommands {
  keys(pattern: string): Promise<string[]>;
  del(keys: string[]): Promise<unknown>;
  pttl(key: string): Promise<number>;
  hset(key: string, fields: Record<string, string>): Promise<unknown>;
  scriptFlush(): Promise<unknown>;
}

/** The client kinds the stores are tested with: ioredis and node-redis 4, 5 and 6. */
export interface ClientKind {
  readonly name: string;
  /** A connected client, as its documentation shows (default options). */
  connect(url: string): Promise<TestClient>;
  /** A client asked to connect to `url` without waiting for it (nothing there, or a server that never answers). */
  start(url: string): TestClient;
}

const quiet = () => undefined;

const ioredis: ClientKind = {
  name: 'ioredis',
  async connect(url) {
    return this.start(url);
  },
  start(url) {
    const client = new Redis(url);
    client.on('error', quiet);
    return {
      client,
      raw: {
        keys: (pattern) => client.keys(pattern),
        del: (keys) => (keys.length === 0 ? Promise.resolve(0) : client.del(...keys)),
        pttl: (key) => client.pttl(key),
        hset: (key, fields) => client.hset(key, fields),
        scriptFlush: () => client.script('FLUSH'),
      },
      close: async () => client.disconnect(),
    };
  },
};

type CreateClient = (options: { url: string }) => unknown;
interface NodeRedisTestClient {
  connect(): Promise<unknown>;
  on(event: string, listener: () => void): unknown;
  sendCommand(args: string[]): Promise<unknown>;
  destroy?(): void;
  disconnect?(): Promise<void>;
}

function nodeRedis(name: string, createClient: CreateClient): ClientKind {
  const open = (url: string) => {
    const client = createClient({ url }) as NodeRedisTestClient;
    client.on('error', quiet);
    const connecting = client.connect();
    connecting.catch(quiet);
    const command = (args: string[]) => client.sendCommand(args);
    const test: TestClient = {
      client: client as unknown as RedisClient,
      raw: {
        keys: async (pattern) => (await command(['KEYS', pattern])) as string[],
        del: (keys) => (keys.length === 0 ? Promise.resolve(0) : command(['DEL', ...keys])),
        pttl: async (key) => Number(await command(['PTTL', key])),
        hset: (key, fields) => command(['HSET', key, ...Object.entries(fields).flat()]),
        scriptFlush: () => command(['SCRIPT', 'FLUSH']),
      },
      async close() {
        try {
          if (typeof client.destroy === 'function') client.destroy();
          else await client.disconnect?.();
        } catch {
          // Already closed, or never connected.
        }
      },
    };
    return { test, connecting };
  };
  return {
    name,
    async connect(url) {
      const { test, connecting } = open(url);
      await connecting;
      return test;
    },
    start: (url) => open(url).test,
  };
}

export const CLIENT_KINDS: readonly ClientKind[] = [
  ioredis,
  nodeRedis('node-redis 4', createClient4 as CreateClient),
  nodeRedis('node-redis 5', createClient5 as CreateClient),
  nodeRedis('node-redis 6', createClient6 as CreateClient),
];
