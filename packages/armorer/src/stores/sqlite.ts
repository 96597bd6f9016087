/**
 * armorer/stores/sqlite: re-exports `@armorer/store-sqlite` (server-only).
 *
 * @module
 */
export * from '@armorer/store-sqlite';
