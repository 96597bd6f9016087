import { ArmorerError } from '@armorer/core';
import type { McpDefinitionChange } from './types';

/** Codes of {@link McpDefinitionError}. */
export type McpDefinitionErrorCode = 'DEFINITION_CHANGED' | 'DEFINITION_UNPINNED' | 'INVALID_DEFINITION';

/**
 * Thrown by `fromMcpTools` when a server lists a tool whose definition differs from the pinned one
 * (possible tool poisoning), lists an unpinned tool under `requirePins`, or lists something that is not
 * a tool definition.
 *
 * @example
 * ```ts
 * try { await fromMcpTools(client, { pins }); } catch (error) {
 *   if (McpDefinitionError.isInstance(error)) console.log(error.changes);
 * }
 * ```
 */
export class McpDefinitionError extends ArmorerError<McpDefinitionErrorCode> {
  readonly changes: readonly McpDefinitionChange[];

  constructor(options: {
    readonly code: McpDefinitionErrorCode;
    readonly message: string;
    readonly changes?: readonly McpDefinitionChange[];
  }) {
    super(options);
    this.name = 'McpDefinitionError';
    this.changes = options.changes ?? [];
  }
}
