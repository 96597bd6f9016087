/**
 * armorer/inspector: re-exports `@armorer/inspector` (server-only).
 *
 * @module
 */
export * from '@armorer/inspector';
