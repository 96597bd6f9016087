/**
 * @armorer/test-servers (private): throwaway Redis and PostgreSQL servers on loopback for the server
 * stores' tests and `scripts/services.ts`, a silent listener (a server that never answers), and the
 * stores' adapter of the durable process tests.
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
export type { SilentServer } from './silent-server';
export { startSilentServer } from './silent-server';
export type { TestServers } from './test-servers';
export { startTestServers } from './test-servers';
