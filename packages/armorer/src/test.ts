/**
 * armorer/test: re-exports `@armorer/test`.
 *
 * @module
 */
export * from '@armorer/test';
