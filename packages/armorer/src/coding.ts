/**
 * armorer/coding: re-exports `@armorer/coding`.
 *
 * @module
 */
export * from '@armorer/coding';
