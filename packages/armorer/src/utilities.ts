/**
 * armorer/utilities: re-exports `@armorer/utilities` and the root entry.
 *
 * @module
 */
export * from '@armorer/core';
export * from '@armorer/utilities';
