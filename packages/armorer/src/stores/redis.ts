/**
 * armorer/stores/redis: re-exports `@armorer/store-redis` (server-only; bring an ioredis client, the
 * optional peer `ioredis`).
 *
 * @module
 */
export * from '@armorer/store-redis';
