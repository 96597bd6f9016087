/**
 * armorer/adapters/anthropic: re-exports `@armorer/adapter-anthropic`.
 *
 * @module
 */
export * from '@armorer/adapter-anthropic';
