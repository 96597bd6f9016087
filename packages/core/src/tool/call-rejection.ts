import { ToolCallError } from '../errors/tool-call-error';
import { toolErrorOf } from '../errors/tool-error';
import type { ToolResult } from '../execution/types';

/**
 * The error a tool called as a function (`await tool(args)`) rejects with when its call did not succeed.
 * A chunk of its own, loaded by `tool/create-tool` with the first such failure: a call that succeeds never
 * needs the error class. It does not depend on the failure descriptions, so a failure still rejects with a
 * `ToolCallError` when those could not load.
 */
export function callRejection(result: ToolResult): ToolCallError {
  return new ToolCallError(
    result.toolName,
    result.error ??
      toolErrorOf('EXECUTION_FAILED', 'execution', true, `Tool "${result.toolName}" did not succeed.`),
  );
}
