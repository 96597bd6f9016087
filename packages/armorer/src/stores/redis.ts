/**
 * armorer/stores/redis: re-exports `@armorer/store-redis` (server-only; bring an ioredis client or a
 * node-redis client, the optional peers `ioredis` and `redis`).
 *
 * @module
 */
export * from '@armorer/store-redis';
