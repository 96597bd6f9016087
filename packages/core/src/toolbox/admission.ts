import { createToolError } from '../errors/tool-error';
import type { EventHub } from '../events/event-hub';
import { admissionResult } from '../execution/finish-call';
import type { Registration } from '../execution/registration';
import type { ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';
import type { AdmissionChecks } from './admission-checks';
import { type LoopThresholds, loopThresholds } from './loop-options';
import type { ToolboxOptions } from './types';

const MAX_BUDGET_OWNERS = 10_000;

/** What admitting a call gives: its registration, the result that ends it, or either once checks loaded. */
export type Admitted = Registration | ToolResult | Promise<Registration | ToolResult>;

/**
 * The admission step of a toolbox call, before any execution identity exists: name resolution, loop
 * detection and the call budget. Its events (`not-found`, `name-resolved`, `loop-warning`,
 * `loop-blocked`, `budget-exceeded`) carry no `executionId`/`ownerId`. Resolution, loop detection and the
 * not-found answer live in a chunk of their own ({@link AdmissionChecks}) that a plain call never loads.
 */
export class Admission {
  readonly #emitter: EventHub;
  readonly #registrations: ReadonlyMap<string, Registration>;
  readonly #resolution: boolean;
  readonly #loops: LoopThresholds | undefined;
  readonly #maxCalls: number | undefined;
  readonly #used = new Map<string, number>();
  #checks: AdmissionChecks | undefined;
  #loading: Promise<AdmissionChecks> | undefined;

  constructor(
    options: ToolboxOptions<object>,
    emitter: EventHub,
    registrations: ReadonlyMap<string, Registration>,
  ) {
    this.#emitter = emitter;
    this.#registrations = registrations;
    this.#resolution = options.resolution === true;
    const loop = options.loopDetection;
    this.#loops = loop === undefined || loop === false ? undefined : loopThresholds(loop);
    const maxCalls = options.budget?.maxCalls;
    if (maxCalls !== undefined && !(Number.isInteger(maxCalls) && maxCalls >= 0)) {
      throw new RangeError('budget.maxCalls must be a non-negative integer.');
    }
    this.#maxCalls = maxCalls;
    // Toolboxes that check every call start loading the checks now, so the first call rarely waits.
    if (this.#resolution || this.#loops !== undefined) void this.#load().catch(() => undefined);
  }

  /** The catalog changed: rebuild the resolver on next use. */
  invalidate(): void {
    this.#checks?.invalidate();
  }

  /** Finds the registration for a call, or returns the not-found / blocked result. */
  admit(call: ToolCall, callId: string, options: ToolExecuteOptions | undefined): Admitted {
    const reg = this.#registrations.get(call.name);
    if (reg !== undefined && !this.#resolution && this.#loops === undefined) {
      return this.#maxCalls === undefined ? reg : (this.#checkBudget(reg, callId, options) ?? reg);
    }
    const checks = this.#checks;
    if (checks !== undefined) return this.#admitChecked(checks, reg, call, callId, options);
    return this.#load().then(
      (loaded) => this.#admitChecked(loaded, this.#registrations.get(call.name), call, callId, options),
      (error: unknown) => {
        const message = `Tool "${call.name}" could not be admitted: the admission checks failed to load (${String(error)}).`;
        return admissionResult(
          this.#emitter,
          call.name,
          callId,
          createToolError('LAZY_LOAD_FAILED', message),
        );
      },
    );
  }

  #load(): Promise<AdmissionChecks> {
    this.#loading ??= import('./admission-checks').then(({ AdmissionChecks }) => {
      this.#checks = new AdmissionChecks(this.#emitter, this.#registrations, this.#loops);
      return this.#checks;
    });
    return this.#loading;
  }

  #admitChecked(
    checks: AdmissionChecks,
    found: Registration | undefined,
    call: ToolCall,
    callId: string,
    options: ToolExecuteOptions | undefined,
  ): Registration | ToolResult {
    const name = call.name;
    const reg = found ?? (this.#resolution ? checks.resolve(name, callId) : undefined);
    if (reg === undefined) return checks.notFound(name, callId);
    if (this.#loops !== undefined) {
      const blocked = checks.checkLoop(reg.config.name, call, callId, ownerOf(options));
      if (blocked !== undefined) return blocked;
    }
    if (this.#maxCalls !== undefined) return this.#checkBudget(reg, callId, options) ?? reg;
    return reg;
  }

  #checkBudget(
    reg: Registration,
    callId: string,
    options: ToolExecuteOptions | undefined,
  ): ToolResult | undefined {
    const toolName = reg.config.name;
    const owner = ownerOf(options);
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
    emitAdmission(this.#emitter, 'budget-exceeded', toolName, callId, { message, limit, used });
    return admissionResult(this.#emitter, toolName, callId, createToolError('BUDGET_EXCEEDED', message));
  }
}

function ownerOf(options: ToolExecuteOptions | undefined): string {
  return options?.ownerId ?? options?.requestContext?.authority?.ownerId ?? '';
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
