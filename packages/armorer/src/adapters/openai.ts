/**
 * armorer/adapters/openai: re-exports `@armorer/adapter-openai`.
 *
 * @module
 */
export * from '@armorer/adapter-openai';
