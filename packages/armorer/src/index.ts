/**
 * armorer: type-safe tools, validated execution, immutable toolboxes, events and policy for LLM agents.
 *
 * @example
 * ```ts
 * import { createTool, createToolbox } from 'armorer';
 * ```
 *
 * @module
 */
export * from '@armorer/core';
