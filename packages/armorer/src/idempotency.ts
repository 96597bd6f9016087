/**
 * armorer/idempotency: re-exports `@armorer/idempotency`.
 *
 * @module
 */
export * from '@armorer/idempotency';
