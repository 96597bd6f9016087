/**
 * armorer/core: the core API (tools, toolboxes, execution, events, policy), the same as the root entry.
 *
 * @module
 */
export * from '@armorer/core';
