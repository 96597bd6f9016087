/**
 * An ioredis `Redis` or `Cluster`, or any client with ioredis's `evalsha` and `eval` answering promises.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * const client: IoredisLikeClient = new Redis(process.env.REDIS_URL!);
 * ```
 */
export interface IoredisLikeClient {
  evalsha(sha1: string, numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
  eval(script: string, numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
}

/** The keys and arguments of a node-redis script call. */
export interface NodeRedisScriptOptions {
  keys: string[];
  arguments: string[];
}

/**
 * A node-redis client or cluster (the `redis` package, v4 to v6), connected with `await client.connect()`.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * const client: NodeRedisLikeClient = await createClient({ url: process.env.REDIS_URL }).connect();
 * ```
 */
export interface NodeRedisLikeClient {
  evalSha(sha1: string, options: NodeRedisScriptOptions): Promise<unknown>;
  eval(script: string, options: NodeRedisScriptOptions): Promise<unknown>;
}

/** The clients `createRedisStores` takes: ioredis, node-redis, or one with either's script methods. */
export type RedisClient = IoredisLikeClient | NodeRedisLikeClient;

/** Where the client's connection stands, as far as it tells. */
export type ClientState = 'usable' | 'down' | 'closed' | 'not-ready';

/** One calling convention over both client families. @internal */
export interface ClientAdapter {
  readonly family: 'ioredis' | 'node-redis';
  /** EVALSHA of `sha1` with the first `numberOfKeys` of `keysAndArgs` as its keys. */
  evalsha(sha1: string, numberOfKeys: number, keysAndArgs: readonly (string | number)[]): Promise<unknown>;
  eval(source: string, numberOfKeys: number, keysAndArgs: readonly (string | number)[]): Promise<unknown>;
  /** What the client says about its connection (`usable` when it says nothing). */
  state(): ClientState;
  /** `host:port` when the client says, for messages. */
  endpoint(): string | undefined;
  /** Calls `onDown` when the client starts reconnecting or ends; returns the unsubscribe. */
  watch(onDown: (state: 'down' | 'closed') => void): () => void;
}

type Emitter = {
  on?: (event: string, listener: () => void) => unknown;
  off?: (event: string, listener: () => void) => unknown;
  removeListener?: (event: string, listener: () => void) => unknown;
};

/** The adapter of a client, or undefined when it is neither kind (or cannot be inspected). @internal */
export function adaptClient(client: unknown): ClientAdapter | undefined {
  try {
    return adapt(client);
  } catch {
    return undefined;
  }
}

function adapt(client: unknown): ClientAdapter | undefined {
  if (typeof client !== 'object' || client === null) return undefined;
  const record = client as Record<string, unknown>;
  // node-redis v4's legacy mode keeps the promise API under `.v4` (a getter that throws otherwise), and
  // callback methods on the client.
  const legacy = (record.options as { legacyMode?: unknown } | undefined)?.legacyMode === true;
  const modern = legacy && typeof record.v4 === 'object' && record.v4 !== null ? record.v4 : client;
  const candidate = modern as Record<string, unknown>;
  if (typeof candidate.evalSha === 'function' && typeof candidate.eval === 'function') {
    return nodeRedisAdapter(modern as NodeRedisLikeClient, record);
  }
  if (typeof record.evalsha === 'function' && typeof record.eval === 'function') {
    return ioredisAdapter(client as IoredisLikeClient, record);
  }
  return undefined;
}

function ioredisAdapter(client: IoredisLikeClient, record: Record<string, unknown>): ClientAdapter {
  return {
    family: 'ioredis',
    evalsha: (sha1, numberOfKeys, keysAndArgs) => client.evalsha(sha1, numberOfKeys, ...keysAndArgs),
    eval: (source, numberOfKeys, keysAndArgs) => client.eval(source, numberOfKeys, ...keysAndArgs),
    state() {
      const status = record.status;
      if (status === 'end') return 'closed';
      if (status === 'reconnecting' || status === 'close') return 'down';
      return 'usable';
    },
    endpoint() {
      const options = record.options as { host?: unknown; port?: unknown } | undefined;
      return typeof options?.host === 'string' ? `${options.host}:${String(options.port)}` : undefined;
    },
    watch: (onDown) => watchEvents(record as Emitter, onDown),
  };
}

function nodeRedisAdapter(client: NodeRedisLikeClient, record: Record<string, unknown>): ClientAdapter {
  // node-redis sends strings (and Buffers) only, and takes the keys apart from the arguments.
  const options = (
    numberOfKeys: number,
    keysAndArgs: readonly (string | number)[],
  ): NodeRedisScriptOptions => ({
    keys: keysAndArgs.slice(0, numberOfKeys).map(String),
    arguments: keysAndArgs.slice(numberOfKeys).map(String),
  });
  return {
    family: 'node-redis',
    evalsha: (sha1, numberOfKeys, keysAndArgs) => client.evalSha(sha1, options(numberOfKeys, keysAndArgs)),
    eval: (source, numberOfKeys, keysAndArgs) => client.eval(source, options(numberOfKeys, keysAndArgs)),
    state() {
      if (record.isOpen === false) return 'closed';
      if (record.isOpen === true && record.isReady === false) return 'not-ready';
      return 'usable';
    },
    endpoint() {
      const options = record.options as
        | { url?: unknown; socket?: { host?: unknown; port?: unknown } }
        | undefined;
      const socket = options?.socket;
      if (typeof socket?.host === 'string') return `${socket.host}:${String(socket.port ?? 6379)}`;
      if (typeof options?.url !== 'string') return undefined;
      try {
        const url = new URL(options.url);
        return `${url.hostname}:${url.port || '6379'}`;
      } catch {
        return undefined;
      }
    },
    watch: (onDown) => watchEvents(record as Emitter, onDown),
  };
}

/** Listens for `reconnecting` and `end` (never `error`: that stays the application's). */
function watchEvents(emitter: Emitter, onDown: (state: 'down' | 'closed') => void): () => void {
  if (typeof emitter.on !== 'function') return () => undefined;
  const down = () => onDown('down');
  const ended = () => onDown('closed');
  try {
    emitter.on('reconnecting', down);
    emitter.on('end', ended);
  } catch {
    return () => undefined;
  }
  return () => {
    const off = typeof emitter.off === 'function' ? emitter.off : emitter.removeListener;
    if (typeof off !== 'function') return;
    try {
      off.call(emitter, 'reconnecting', down);
      off.call(emitter, 'end', ended);
    } catch {
      // A client that cannot remove listeners keeps two idle ones.
    }
  };
}
