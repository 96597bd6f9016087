import { createToolError } from '../errors/tool-error';
import type { EventHub } from '../events/event-hub';
import { admissionResult } from '../execution/finish-call';
import type { Registration } from '../execution/registration';
import type { ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';
import { callSignature, LoopDetector } from './loop-detection';
import { NameResolver } from './name-resolution';
import { suggestToolNames } from './suggest';
import type { ToolboxOptions } from './types';

const MAX_BUDGET_OWNERS = 10_000;

/**
 * The admission step of a toolbox call, before any execution identity exists: name resolution, loop
 * detection and the call budget. Its events (`not-found`, `name-resolved`, `loop-warning`,
 * `loop-blocked`, `budget-exceeded`) carry no `executionId`/`ownerId`.
 */
export class Admission {
  readonly #emitter: EventHub;
  readonly #registrations: ReadonlyMap<string, Registration>;
  readonly #resolution: boolean;
  readonly #loops: LoopDetector | undefined;
  readonly #maxCalls: number | undefined;
  readonly #used = new Map<string, number>();
  #resolver: NameResolver | undefined;

  constructor(
    options: ToolboxOptions<object>,
    emitter: EventHub,
    registrations: ReadonlyMap<string, Registration>,
  ) {
    this.#emitter = emitter;
    this.#registrations = registrations;
    this.#resolution = options.resolution === true;
    const loop = options.loopDetection;
    this.#loops = loop === undefined || loop === false ? undefined : new LoopDetector(loop);
    const maxCalls = options.budget?.maxCalls;
    if (maxCalls !== undefined && !(Number.isInteger(maxCalls) && maxCalls >= 0)) {
      throw new RangeError('budget.maxCalls must be a non-negative integer.');
    }
    this.#maxCalls = maxCalls;
  }

  /** The catalog changed: rebuild the resolver on next use. */
  invalidate(): void {
    this.#resolver = undefined;
  }

  /** Finds the registration for a call, or returns the not-found / blocked result. */
  admit(call: ToolCall, callId: string, options: ToolExecuteOptions | undefined): Registration | ToolResult {
    const name = call.name;
    let reg = this.#registrations.get(name);
    if (reg === undefined && this.#resolution) reg = this.#resolve(name, callId);
    if (reg === undefined) return this.#notFound(name, callId);
    if (this.#loops === undefined && this.#maxCalls === undefined) return reg;
    const owner = options?.ownerId ?? options?.requestContext?.authority?.ownerId ?? '';
    if (this.#loops !== undefined) {
      const blocked = this.#checkLoop(reg.config.name, call, callId, owner);
      if (blocked !== undefined) return blocked;
    }
    if (this.#maxCalls !== undefined) {
      const exceeded = this.#checkBudget(reg.config.name, callId, owner);
      if (exceeded !== undefined) return exceeded;
    }
    return reg;
  }

  #resolve(name: string, callId: string): Registration | undefined {
    this.#resolver ??= new NameResolver([...this.#registrations.keys()]);
    const resolved = this.#resolver.resolve(name);
    if (resolved === undefined) return undefined;
    this.#event('name-resolved', resolved.name, callId, {
      originalName: name,
      resolvedName: resolved.name,
      tier: resolved.tier,
    });
    return this.#registrations.get(resolved.name);
  }

  #checkLoop(toolName: string, call: ToolCall, callId: string, owner: string): ToolResult | undefined {
    const verdict = (this.#loops as LoopDetector).check(
      owner,
      toolName,
      callSignature(toolName, call.arguments),
    );
    if (verdict.level === 'ok') return undefined;
    const detail = { message: verdict.message, count: verdict.count, kind: verdict.kind };
    if (verdict.level === 'warning') {
      this.#event('loop-warning', toolName, callId, detail);
      return undefined;
    }
    this.#event('loop-blocked', toolName, callId, detail);
    const error = createToolError('LOOP_DETECTED', verdict.message, { details: { reason: verdict.kind } });
    return admissionResult(this.#emitter, toolName, callId, error);
  }

  #checkBudget(toolName: string, callId: string, owner: string): ToolResult | undefined {
    const limit = this.#maxCalls as number;
    const used = this.#used.get(owner) ?? 0;
    if (used < limit) {
      if (!this.#used.has(owner) && this.#used.size >= MAX_BUDGET_OWNERS) {
        const oldest = this.#used.keys().next().value;
        if (oldest !== undefined) this.#used.delete(oldest);
      }
      this.#used.set(owner, used + 1);
      return undefined;
    }
    const message = `The call budget of ${limit} tool calls is used up. Finish the task with what you have.`;
    this.#event('budget-exceeded', toolName, callId, { message, limit, used });
    return admissionResult(this.#emitter, toolName, callId, createToolError('BUDGET_EXCEEDED', message));
  }

  #notFound(name: string, callId: string): ToolResult {
    const suggestions = suggestToolNames(name, this.#registrations.keys());
    const hint =
      suggestions.length > 0 ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?` : '';
    const shown = name.length > 100 ? `${name.slice(0, 100)}…` : name;
    const error = createToolError(
      'TOOL_NOT_FOUND',
      `Unknown tool "${shown}".${hint} Call one of the available tools.`,
      {
        details: { suggestions },
      },
    );
    this.#event('not-found', name, callId, { name, suggestions });
    return admissionResult(this.#emitter, name, callId, error);
  }

  #event(type: string, toolName: string, callId: string, detail: Record<string, unknown>): void {
    if (this.#emitter.size === 0 || !this.#emitter.has(type)) return;
    this.#emitter.emit(type, { type, detail, timestamp: Date.now(), toolName, callId });
  }
}
