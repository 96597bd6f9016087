import type { RequestContext } from '../../policy/request-context';
import type { DispatchedEvent, ProgressUpdate, ToolMetadata } from '../../tool/types';
import type { CallState } from '../call-state';

/**
 * The second argument of an implementation. Per-call fields are own properties; `signal`, `dispatch`
 * and `progress` are getters so destructuring works and nothing is allocated unless it is used.
 */
export class ToolCallContextImpl {
  readonly toolName: string;
  readonly callId: string;
  readonly executionId: string;
  readonly ownerId: string | undefined;
  readonly requestContext: RequestContext | undefined;
  readonly metadata: ToolMetadata | undefined;
  readonly #state: CallState;

  constructor(state: CallState) {
    this.#state = state;
    this.toolName = state.reg.config.name;
    this.callId = state.callId;
    this.executionId = state.executionId;
    this.ownerId = state.ownerId;
    this.requestContext = state.requestContext;
    this.metadata = state.reg.config.metadata;
  }

  get signal(): AbortSignal {
    return this.#state.signal();
  }

  get dispatch(): (event: DispatchedEvent) => void {
    const state = this.#state;
    return (event) => state.dispatch(event);
  }

  get progress(): (update: ProgressUpdate) => void {
    const state = this.#state;
    return (update) => state.progress(update);
  }
}
