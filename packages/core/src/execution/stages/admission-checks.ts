import { createToolError } from '../../errors/create-tool-error';
import type { EventHub } from '../../events/event-hub';
import { callSignature, LoopDetector } from '../../toolbox/loop-detection';
import type { LoopThresholds } from '../../toolbox/loop-options';
import { NameResolver } from '../../toolbox/name-resolution';
import { suggestToolNames } from '../../toolbox/suggest';
import type { Registration } from '../registration';
import type { ToolCall, ToolExecuteOptions, ToolResult } from '../types';
import { admissionResult } from './finish';

const MAX_BUDGET_OWNERS = 10_000;

/**
 * The admission checks a plain call never needs: name resolution tiers, loop detection, the call budget
 * and the not-found answer with suggestions. A chunk of its own, loaded by {@link Admission} on first need (at creation when
 * the toolbox enables resolution or loop detection, otherwise on the first unknown name).
 */
export class AdmissionChecks {
  readonly #emitter: EventHub;
  readonly #registrations: ReadonlyMap<string, Registration>;
  readonly #loops: LoopDetector | undefined;
  readonly #maxCalls: number | undefined;
  readonly #used = new Map<string, number>();
  #resolver: NameResolver | undefined;

  constructor(
    emitter: EventHub,
    registrations: ReadonlyMap<string, Registration>,
    loops: LoopThresholds | undefined,
    maxCalls: number | undefined,
  ) {
    this.#emitter = emitter;
    this.#registrations = registrations;
    this.#loops = loops === undefined ? undefined : new LoopDetector(loops);
    this.#maxCalls = maxCalls;
  }

  /** Loop detection, then the budget, for a call to a registered tool: the result that ends it, if any. */
  check(
    reg: Registration,
    call: ToolCall,
    callId: string,
    options: ToolExecuteOptions | undefined,
  ): ToolResult | undefined {
    const owner = options?.ownerId ?? options?.requestContext?.authority?.ownerId ?? '';
    return this.#checkLoop(reg.config.name, call, callId, owner) ?? this.#checkBudget(reg, callId, owner);
  }

  /** The catalog changed: rebuild the resolver on next use. */
  invalidate(): void {
    this.#resolver = undefined;
  }

  resolve(name: string, callId: string): Registration | undefined {
    this.#resolver ??= new NameResolver([...this.#registrations.keys()]);
    const resolved = this.#resolver.resolve(name);
    if (resolved === undefined) return undefined;
    emitAdmission(this.#emitter, 'name-resolved', resolved.name, callId, {
      originalName: name,
      resolvedName: resolved.name,
      tier: resolved.tier,
    });
    return this.#registrations.get(resolved.name);
  }

  #checkLoop(toolName: string, call: ToolCall, callId: string, owner: string): ToolResult | undefined {
    if (this.#loops === undefined) return undefined;
    const verdict = this.#loops.check(owner, toolName, callSignature(toolName, call.arguments));
    if (verdict.level === 'ok') return undefined;
    const detail = { message: verdict.message, count: verdict.count, kind: verdict.kind };
    if (verdict.level === 'warning') {
      emitAdmission(this.#emitter, 'loop-warning', toolName, callId, detail);
      return undefined;
    }
    emitAdmission(this.#emitter, 'loop-blocked', toolName, callId, detail);
    const error = createToolError('LOOP_DETECTED', verdict.message, { details: { reason: verdict.kind } });
    return admissionResult(this.#emitter, toolName, callId, error);
  }

  #checkBudget(reg: Registration, callId: string, owner: string): ToolResult | undefined {
    const limit = this.#maxCalls;
    if (limit === undefined) return undefined;
    const used = this.#used.get(owner) ?? 0;
    if (used < limit) {
      if (!this.#used.has(owner) && this.#used.size >= MAX_BUDGET_OWNERS) {
        const oldest = this.#used.keys().next().value;
        if (oldest !== undefined) this.#used.delete(oldest);
      }
      this.#used.set(owner, used + 1);
      return undefined;
    }
    const toolName = reg.config.name;
    const message = `The call budget of ${limit} tool calls is used up. Finish the task with what you have.`;
    emitAdmission(this.#emitter, 'budget-exceeded', toolName, callId, { message, limit, used });
    return admissionResult(this.#emitter, toolName, callId, createToolError('BUDGET_EXCEEDED', message));
  }

  notFound(name: string, callId: string): ToolResult {
    const suggestions = suggestToolNames(name, this.#registrations.keys());
    const hint =
      suggestions.length > 0 ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?` : '';
    const shown = name.length > 100 ? `${name.slice(0, 100)}…` : name;
    const error = createToolError(
      'TOOL_NOT_FOUND',
      `Unknown tool "${shown}".${hint} Call one of the available tools.`,
      { details: { suggestions } },
    );
    emitAdmission(this.#emitter, 'not-found', name, callId, { name, suggestions });
    return admissionResult(this.#emitter, name, callId, error);
  }
}

/** Fires an admission event (no execution identity yet) when someone listens. */
export function emitAdmission(
  emitter: EventHub,
  type: string,
  toolName: string,
  callId: string,
  detail: Record<string, unknown>,
): void {
  if (emitter.size === 0 || !emitter.has(type)) return;
  emitter.emit(type, { type, detail, timestamp: Date.now(), toolName, callId });
}
