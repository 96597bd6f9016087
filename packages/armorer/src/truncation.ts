/**
 * armorer/truncation: re-exports `@armorer/truncation`.
 *
 * @module
 */
export * from '@armorer/truncation';
