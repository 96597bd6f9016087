import type { ToolError, ToolErrorCategory } from '@armorer/core';

const BY_CATEGORY: Readonly<Record<ToolErrorCategory, number>> = {
  not_found: 404,
  validation: 400,
  policy: 403,
  unavailable: 503,
  execution: 500,
  timeout: 504,
  // 499 (client closed request): the caller went away or the call was cancelled.
  cancelled: 499,
  rate_limited: 429,
  internal: 500,
};

/** The HTTP status a failed call answers with, by its category (501 for a tool without an implementation). */
export function statusOf(error: ToolError): number {
  if (error.code === 'TOOL_NOT_IMPLEMENTED') return 501;
  return BY_CATEGORY[error.category] ?? 500;
}

/** The error statuses a generated document declares, with what each means. */
export const ERROR_RESPONSES: readonly (readonly [status: string, description: string])[] = [
  ['400', 'The arguments are malformed or do not match the input schema.'],
  ['403', 'A policy denied the call, or it needs approval or input first.'],
  ['404', 'No tool by that name.'],
  ['429', 'Rate limited; see Retry-After and details.retryAfterMs.'],
  ['499', 'The call was cancelled.'],
  ['500', 'The tool failed.'],
  ['501', 'The tool has no implementation in this process.'],
  ['503', 'The tool is unavailable or the toolbox is closed.'],
  ['504', 'The call did not finish within its deadline.'],
];
