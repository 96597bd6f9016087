import type { ToolResult } from '@armorer/core';
import type { ResultView } from '../protocol';
import { previewValue } from '../render/preview-value';

/** The page's view of a `ToolResult`: outcome, error classification and bounded renderings. */
export function resultView(result: ToolResult, approvalId?: string): ResultView {
  const view: { -readonly [K in keyof ResultView]: ResultView[K] } = {
    callId: String(result.callId),
    toolName: String(result.toolName),
    outcome: String(result.outcome),
  };
  if (result.executionId !== undefined) view.executionId = result.executionId;
  const error = result.error;
  if (error !== undefined) {
    view.errorCode = String(error.code);
    view.errorCategory = String(error.category);
    view.errorMessage = previewValue(error.message, { maxString: 4_000 }) as string;
    view.error = previewValue(error);
  }
  if (result.outcome === 'success') {
    view.result = previewValue(result.result);
    view.content = previewValue(result.content);
  }
  if (approvalId !== undefined) view.approvalId = approvalId;
  const edited = (result as { executedArgumentsEdited?: unknown }).executedArgumentsEdited;
  if (typeof edited === 'boolean') view.executedArgumentsEdited = edited;
  return view;
}
