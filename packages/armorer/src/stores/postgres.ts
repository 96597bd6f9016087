/**
 * armorer/stores/postgres: re-exports `@armorer/store-postgres` (server-only; bring a `pg` pool, the
 * optional peer `pg`).
 *
 * @module
 */
export * from '@armorer/store-postgres';
