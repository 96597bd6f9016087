/**
 * armorer/instrumentation: re-exports `@armorer/instrumentation` (peer: `@opentelemetry/api`).
 *
 * @module
 */
export * from '@armorer/instrumentation';
