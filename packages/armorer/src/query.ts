/**
 * armorer/query: re-exports `@armorer/query`.
 *
 * @module
 */
export * from '@armorer/query';
