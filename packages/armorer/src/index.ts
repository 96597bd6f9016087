/**
 * armorer: type-safe tools, validated execution, immutable toolboxes, events, policy and signed human
 * approval for LLM agents.
 *
 * @example
 * ```ts
 * import { createTool, createToolbox } from 'armorer';
 * ```
 *
 * @module
 */
export * from '@armorer/approval';
export * from '@armorer/core';
