/**
 * The attribute names of MCP spans: the OTel MCP semantic conventions (`mcp.*`, `jsonrpc.*`,
 * `gen_ai.*`, `network.*`, `rpc.*`, `error.type`); what they do not define lives under `armorer.*`.
 */
export const MCP_ATTRIBUTES = {
  methodName: 'mcp.method.name',
  sessionId: 'mcp.session.id',
  protocolVersion: 'mcp.protocol.version',
  requestId: 'jsonrpc.request.id',
  toolName: 'gen_ai.tool.name',
  operationName: 'gen_ai.operation.name',
  networkTransport: 'network.transport',
  errorType: 'error.type',
  rpcStatusCode: 'rpc.response.status_code',
  /** The armorer `ToolError` code of an `isError` result. */
  errorCode: 'armorer.tool.error_code',
  /** `input_required` when a 2026 request was answered with an interim result. */
  resultType: 'armorer.mcp.result_type',
} as const;
