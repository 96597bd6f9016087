import type { PendingApproval, RequestContext, ResumedToolResult, Toolbox, ToolResult } from '@armorer/core';
import type { ApprovalState, ApprovalView } from '../protocol';
import { previewValue, visibleJson } from '../render/preview-value';
import { resultView } from './result-view';

/** Arguments up to this size can be edited on the page; larger ones are approved as proposed. */
const EDITABLE_CHARS = 64 * 1024;
/** Entries kept; the oldest settled ones go first. */
const MAX_ENTRIES = 200;

interface Entry {
  readonly id: string;
  readonly descriptor: PendingApproval;
  readonly requestContext: RequestContext | undefined;
  state: ApprovalState;
  result?: ToolResult;
  message?: string;
}

/** Thrown for a request about an approval that does not exist or is not pending. */
export class ApprovalQueueError extends Error {
  readonly status: 404 | 409;

  constructor(status: 404 | 409, message: string) {
    super(message);
    this.name = 'ApprovalQueueError';
    this.status = status;
  }
}

/** Reasons of APPROVAL_INVALID that leave nothing to retry from this page. */
function settledState(result: ResumedToolResult): { state: ApprovalState; message?: string } {
  if (result.outcome === 'success') return { state: 'approved' };
  const error = result.error;
  if (error?.category === 'validation') {
    return { state: 'pending', message: `The arguments were refused: ${error.message}` };
  }
  if (result.outcome === 'denied') return { state: 'refused', message: error?.message ?? 'Refused.' };
  // The tool ran and failed (or was cancelled): the approval was used.
  return { state: 'approved' };
}

/**
 * The paused calls of a toolbox, from every caller (each `settled` result with a `pendingApproval`), and
 * the person's answers: approve (optionally with edited arguments) resumes through
 * `toolbox.resumeApproval` under the request context the call paused with; deny revokes the binding.
 * One answer per entry: a second click while one is in flight is refused here, and the approval state
 * store refuses a replay in any case.
 */
export class ApprovalQueue {
  readonly #toolbox: Toolbox;
  readonly #entries = new Map<string, Entry>();
  readonly #changed: () => void;

  constructor(toolbox: Toolbox, changed: () => void) {
    this.#toolbox = toolbox;
    this.#changed = changed;
  }

  /** Records a paused call; returns its id (the paused execution's id), or undefined when it did not pause. */
  record(result: ToolResult, requestContext: RequestContext | undefined): string | undefined {
    const descriptor = result.pendingApproval;
    if (result.outcome !== 'action_required' || descriptor === undefined) return undefined;
    const id = String(descriptor.executionId ?? result.executionId ?? descriptor.callId);
    if (this.#entries.has(id)) return id;
    this.#entries.set(id, { id, descriptor, requestContext, state: 'pending' });
    this.#trim();
    this.#changed();
    return id;
  }

  list(): ApprovalView[] {
    return [...this.#entries.values()].reverse().map((entry) => this.#view(entry));
  }

  get(id: string): ApprovalView | undefined {
    const entry = this.#entries.get(id);
    return entry === undefined ? undefined : this.#view(entry);
  }

  async approve(id: string, edited?: Readonly<Record<string, unknown>>): Promise<ApprovalView> {
    const entry = this.#pending(id);
    entry.state = 'resuming';
    delete entry.message;
    this.#changed();
    try {
      const result = await this.#toolbox.resumeApproval(entry.descriptor, {
        requestContext: entry.requestContext ?? {},
        ...(edited === undefined ? {} : { arguments: edited }),
      });
      const next = settledState(result);
      entry.state = next.state;
      entry.result = result;
      if (next.message !== undefined) entry.message = next.message;
    } catch (error) {
      entry.state = 'pending';
      entry.message = error instanceof Error ? error.message : 'The approval could not be resumed.';
    }
    this.#changed();
    return this.#view(entry);
  }

  async deny(id: string): Promise<ApprovalView> {
    const entry = this.#pending(id);
    entry.state = 'resuming';
    this.#changed();
    try {
      if (entry.descriptor.binding !== undefined) await this.#toolbox.revokeApproval(entry.descriptor);
      entry.state = 'denied';
      entry.message = 'Denied: the approval was revoked and can no longer be resumed.';
    } catch (error) {
      entry.state = 'refused';
      entry.message = error instanceof Error ? error.message : 'The approval could not be revoked.';
    }
    this.#changed();
    return this.#view(entry);
  }

  #pending(id: string): Entry {
    const entry = this.#entries.get(id);
    if (entry === undefined) throw new ApprovalQueueError(404, 'No such approval.');
    if (entry.state !== 'pending') {
      throw new ApprovalQueueError(
        409,
        `This approval is ${entry.state}; only a pending one can be answered.`,
      );
    }
    return entry;
  }

  #trim(): void {
    if (this.#entries.size <= MAX_ENTRIES) return;
    for (const [id, entry] of this.#entries) {
      if (this.#entries.size <= MAX_ENTRIES) return;
      if (entry.state !== 'pending' && entry.state !== 'resuming') this.#entries.delete(id);
    }
    // Still too many: the oldest pending ones leave the page (their descriptors stay valid elsewhere).
    for (const [id, entry] of this.#entries) {
      if (this.#entries.size <= MAX_ENTRIES) return;
      if (entry.state === 'pending') this.#entries.delete(id);
    }
  }

  #view(entry: Entry): ApprovalView {
    const { descriptor } = entry;
    const args = descriptor.proposedCall?.arguments;
    const view: { -readonly [K in keyof ApprovalView]: ApprovalView[K] } = {
      id: entry.id,
      toolName: String(descriptor.toolName),
      callId: String(descriptor.callId),
      kind: String(descriptor.kind),
      createdAt: Number(descriptor.createdAt) || 0,
      state: entry.state,
      arguments: previewValue(args, { maxString: 500, maxItems: 50, maxChars: 8_000 }),
      resumable: descriptor.binding !== undefined,
    };
    if (typeof descriptor.reason === 'string') view.reason = previewValue(descriptor.reason) as string;
    const json = visibleJson(args, EDITABLE_CHARS);
    if (json !== undefined) view.argumentsJson = json;
    if (entry.result !== undefined) view.result = resultView(entry.result);
    if (entry.message !== undefined) view.message = previewValue(entry.message) as string;
    return view;
  }
}
