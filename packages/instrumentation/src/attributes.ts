/**
 * The attribute names of a tool span. `gen_ai.*` names are the OTel GenAI "Execute tool" span
 * convention; everything the convention does not define lives under `armorer.tool.*`.
 */
export const ATTRIBUTES = {
  operationName: 'gen_ai.operation.name',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolDescription: 'gen_ai.tool.description',
  errorType: 'error.type',
  cancellationCategory: 'armorer.tool.cancellation_category',
  status: 'armorer.tool.status',
  errorCode: 'armorer.tool.error_code',
  executionId: 'armorer.tool.execution_id',
  inputDigest: 'armorer.tool.input_digest',
  outputDigest: 'armorer.tool.output_digest',
} as const;

/** The value of `gen_ai.operation.name` on every tool span. */
export const EXECUTE_TOOL = 'execute_tool';
