/**
 * armorer/middleware: re-exports `@armorer/middleware`.
 *
 * @module
 */
export * from '@armorer/middleware';
