/**
 * armorer/registry: re-exports `@armorer/query`.
 *
 * @module
 */
export * from '@armorer/query';
