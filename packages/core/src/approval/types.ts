import type { ToolResult } from '../execution/types';
import type { RequestContext } from '../policy/request-context';

/** Options of `toolbox.resumeApproval`. */
export interface ResumeApprovalOptions {
  /** The current request context; it must match the one the approval was issued under. Required. */
  readonly requestContext: RequestContext;
  /** Arguments edited by the person who approved; validated again. Default: the proposed arguments. */
  readonly arguments?: Readonly<Record<string, unknown>>;
  /** Attribution of the resumed call; defaults to `requestContext.authority.ownerId`. */
  readonly ownerId?: string;
  readonly signal?: AbortSignal;
  readonly timeout?: number;
}

/** The result of a resumed call. */
export interface ResumedToolResult<TResult = unknown> extends ToolResult<TResult> {
  /** The executed arguments differ from the proposed ones: record both in the transcript. */
  readonly executedArgumentsEdited: boolean;
}
