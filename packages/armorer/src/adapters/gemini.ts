/**
 * armorer/adapters/gemini: re-exports `@armorer/adapter-gemini`.
 *
 * @module
 */
export * from '@armorer/adapter-gemini';
