import type { InterceptedInvocation, ToolResult } from '@armorer/core';
import type { LegacyResolutionReceipt, ResolutionReceipt } from '../receipts/types';
import type { IdempotencyInfo, IdempotentExecuteOptions, IdempotentToolResult } from './types';

/** What one call (or one batch) asked of the idempotency layer, and what it answered. */
export class CallTicket {
  readonly explicitKey: string | undefined;
  readonly receipt: ResolutionReceipt | undefined;
  readonly legacyReceipt: LegacyResolutionReceipt | undefined;
  #single: Answer | undefined = undefined;
  #byExecution: Map<string, Answer> | undefined = undefined;

  constructor(
    options: IdempotentExecuteOptions | undefined,
    readonly batch: boolean,
  ) {
    this.explicitKey = options?.idempotencyKey;
    this.receipt = options?.resolutionReceipt;
    this.legacyReceipt = options?.legacyResolutionReceipt;
  }

  /** Records the answer for one execution; returns it so the caller can mark it settled later. */
  answer(invocation: InterceptedInvocation, info: IdempotencyInfo): Answer {
    const answer: Answer = { info, settled: info.outcome !== 'fresh' };
    if (!this.batch) this.#single = answer;
    else {
      this.#byExecution ??= new Map();
      this.#byExecution.set(invocation.context.executionId, answer);
    }
    return answer;
  }

  /** The result with `idempotency` set, when this call used the cache. */
  attach<T>(result: ToolResult<T>): IdempotentToolResult<T> {
    const answer =
      this.#single ??
      (result.executionId === undefined ? undefined : this.#byExecution?.get(result.executionId));
    if (answer === undefined) return result;
    let info = answer.info;
    // A fresh attempt whose call ended (cancelled, timed out) while it still ran: its effect is unknown.
    if (!answer.settled && result.outcome !== 'success') {
      info = { ...info, outcome: 'unknown-outcome' };
    }
    // The result object was made for this call alone: adding the field is cheaper than copying it.
    (result as { idempotency?: IdempotencyInfo }).idempotency = info;
    return result;
  }
}

/** The answer given to one execution. */
export interface Answer {
  readonly info: IdempotencyInfo;
  /** False while a fresh attempt's implementation runs. */
  settled: boolean;
}
