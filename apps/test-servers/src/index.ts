/**
 * @armorer/test-servers (private): throwaway Redis and PostgreSQL servers on loopback for the server
 * stores' tests and `scripts/services.ts`, and the stores' adapter of the durable process tests.
 *
 * @module
 */
export { onServer } from './on-server';
export type { ServerStoreAdapterOptions } from './server-store-adapter';
export { serverStoreAdapter } from './server-store-adapter';
export type { ServerHandle, ServerUrl } from './servers';
export {
  freePort,
  postgresBinDir,
  redisServerBinary,
  serverUrl,
  startPostgresServer,
  startRedisServer,
} from './servers';
