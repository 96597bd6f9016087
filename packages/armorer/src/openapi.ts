/**
 * armorer/openapi: re-exports `@armorer/openapi`.
 *
 * @module
 */
export * from '@armorer/openapi';
