import type { ToolResult } from '@armorer/core';
import { colorOutcome, preview } from './listeners';
import type { Style } from './style';

/** Renders results as a numbered list: outcome, then the result or the error's category, code and message. */
export function formatResults(results: readonly ToolResult[], style: Style): string[] {
  const idWidth = Math.max(...results.map((result) => result.callId.length));
  const nameWidth = Math.max(...results.map((result) => result.toolName.length));
  const lines: string[] = [];
  results.forEach((result, index) => {
    const head = `${String(index + 1).padStart(2)}. ${result.callId.padEnd(idWidth)}  ${style.bold(result.toolName.padEnd(nameWidth))}`;
    const outcome = colorOutcome(result.outcome.padEnd(8), style);
    const error = result.error;
    if (error === undefined) {
      lines.push(`${head}  ${outcome} ${preview(result.result, 90)}`);
      return;
    }
    lines.push(
      `${head}  ${outcome} ${style.yellow(`${error.category}/${error.code}`)}${error.retryable ? style.dim(' (retryable)') : ''}`,
    );
    lines.push(`      ${style.dim(error.message)}`);
    const suggestions = error.details?.suggestions;
    if (suggestions !== undefined && suggestions.length > 0)
      lines.push(`      suggestions: ${suggestions.join(', ')}`);
  });
  return lines;
}

/** Counts results per outcome, e.g. `{ success: 6, error: 3, denied: 1 }`. */
export function countOutcomes(results: readonly ToolResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
  return counts;
}
