import { type ApprovalBinding, ApprovalError, type ApprovalStateStore } from '@armorer/approval';
import { createToolError } from '../errors/create-tool-error';
import { sentence } from '../errors/sentence';
import { describeThrown, type ToolError } from '../errors/tool-error';

/** What a policy hook sees about a resumed call (`context.approval`). */
export interface ApprovalContext {
  /** A person approved this call (or supplied the requested input). */
  readonly approved: true;
  readonly kind: 'approval' | 'input';
  /** The person changed the arguments; `params` holds the edited, validated ones. */
  readonly edited: boolean;
  /** The arguments the model proposed. */
  readonly proposedArguments: Readonly<Record<string, unknown>>;
}

/** The in-flight resume of one call: the reserved binding, committed once the tool is about to run. */
export class ResumeState {
  committed = false;

  constructor(
    readonly binding: ApprovalBinding,
    readonly store: ApprovalStateStore,
    readonly policyView: ApprovalContext,
    /** The toolbox clock (`approvalNow`); NaN for a clock that failed, which nothing accepts. */
    readonly clock: { now(): number },
    /**
     * The call runs the binding's signed validated arguments, unedited: the pipeline does not validate
     * them again (a schema that transforms would transform twice). Same tool definition, bound.
     */
    readonly prevalidated: boolean,
  ) {}

  /**
   * Marks the binding consumed right before the implementation runs; a failure keeps the tool from
   * running. An approval that expired since it was reserved (a slow policy hook, a concurrency queue) is
   * not committed. Answers synchronously when the store does (the process-local store).
   */
  commit(toolName: string): ToolError | undefined | Promise<ToolError | undefined> {
    if (!(this.clock.now() < this.binding.expiresAt)) {
      return commitFailure(
        toolName,
        new ApprovalError({ code: 'expired', message: 'The approval has expired.' }),
      );
    }
    let pending: unknown;
    try {
      pending = this.store.commit(this.binding);
    } catch (error) {
      return commitFailure(toolName, error);
    }
    if (!isThenable(pending)) {
      this.committed = true;
      return undefined;
    }
    return this.#commitLater(pending, toolName);
  }

  /** An asynchronous store's commit; a method of its own so a synchronous one allocates no closure scope. */
  #commitLater(pending: PromiseLike<unknown>, toolName: string): Promise<ToolError | undefined> {
    return Promise.resolve(pending).then(
      () => {
        this.committed = true;
        return undefined;
      },
      (error: unknown) => commitFailure(toolName, error),
    );
  }
}

function commitFailure(toolName: string, error: unknown): ToolError {
  return createToolError(
    'APPROVAL_INVALID',
    `Tool "${toolName}" did not run: the approval could not be committed: ${sentence(describeThrown(error))}`,
    { details: { reason: codeOf(error) }, cause: error },
  );
}

/** Whether a store answered with a promise (or any thenable) rather than synchronously. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}

/** The ApprovalError code of a thrown value, or `store-failed`. */
export function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[a-z-]+$/.test(code) ? code : 'store-failed';
}
