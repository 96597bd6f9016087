/**
 * armorer/adapters/ai-sdk: re-exports `@armorer/adapter-ai-sdk` (the Vercel AI SDK; `ai` 6 or 7 is an
 * optional peer).
 *
 * @module
 */
export * from '@armorer/adapter-ai-sdk';
