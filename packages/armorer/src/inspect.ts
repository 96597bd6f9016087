/**
 * armorer/inspect: re-exports `@armorer/inspect`.
 *
 * @module
 */
export * from '@armorer/inspect';
