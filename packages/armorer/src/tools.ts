/**
 * armorer/tools: re-exports `@armorer/tools`.
 *
 * @module
 */
export * from '@armorer/tools';
