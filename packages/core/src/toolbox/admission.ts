import { toolErrorOf } from '../errors/tool-error';
import type { EventHub } from '../events/event-hub';
import type { Registration } from '../execution/registration';
import { admissionResult } from '../execution/stages/finish';
import type { ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';
import type { AdmissionChecks } from './admission-checks';
import { type LoopThresholds, loopThresholds } from './loop-options';
import type { ToolboxOptions } from './types';

/** What admitting a call gives: its registration, the result that ends it, or either once checks loaded. */
export type Admitted = Registration | ToolResult | Promise<Registration | ToolResult>;

/**
 * The admission step of a toolbox call, before any execution identity exists: name resolution, loop
 * detection and the call budget. Its events (`not-found`, `name-resolved`, `loop-warning`,
 * `loop-blocked`, `budget-exceeded`) carry no `executionId`/`ownerId`. The checks live in a chunk of
 * their own ({@link AdmissionChecks}) that a plain call never loads: a toolbox that enables one of them
 * loads it when it is created, any other on the first unknown name.
 */
export class Admission {
  readonly #emitter: EventHub;
  readonly #registrations: ReadonlyMap<string, Registration>;
  readonly #loops: LoopThresholds | undefined;
  readonly #maxCalls: number | undefined;
  /** Every call goes through the checks (resolution, loop detection or a budget is on). */
  readonly #checked: boolean;
  readonly #resolution: boolean;
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
    this.#checked = this.#resolution || this.#loops !== undefined || maxCalls !== undefined;
    // Toolboxes that check every call start loading the checks now, so the first call rarely waits.
    if (this.#checked) void this.#load().catch(() => undefined);
  }

  /** The catalog changed: rebuild the resolver on next use. */
  invalidate(): void {
    this.#checks?.invalidate();
  }

  /** Finds the registration for a call, or returns the not-found / blocked result. */
  admit(call: ToolCall, callId: string, options: ToolExecuteOptions | undefined): Admitted {
    const reg = this.#registrations.get(call.name);
    if (reg !== undefined && !this.#checked) return reg;
    const checks = this.#checks;
    if (checks !== undefined) return this.#admitChecked(checks, reg, call, callId, options);
    return this.#admitOnceLoaded(call, callId, options);
  }

  // Its own method: closures in `admit` would capture its parameters, and JavaScriptCore would then
  // allocate a scope object for them on every call.
  #admitOnceLoaded(
    call: ToolCall,
    callId: string,
    options: ToolExecuteOptions | undefined,
  ): Promise<Registration | ToolResult> {
    return this.#load().then(
      (loaded) => this.#admitChecked(loaded, this.#registrations.get(call.name), call, callId, options),
      (error: unknown) => {
        const message = `Tool "${call.name}" could not be admitted: the admission checks failed to load (${String(error)}).`;
        return admissionResult(
          this.#emitter,
          call.name,
          callId,
          toolErrorOf('LAZY_LOAD_FAILED', 'execution', true, message),
        );
      },
    );
  }

  #load(): Promise<AdmissionChecks> {
    this.#loading ??= import('./admission-checks').then(({ AdmissionChecks }) => {
      this.#checks = new AdmissionChecks(this.#emitter, this.#registrations, this.#loops, this.#maxCalls);
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
    const reg = found ?? (this.#resolution ? checks.resolve(call.name, callId) : undefined);
    if (reg === undefined) return checks.notFound(call.name, callId);
    return checks.check(reg, call, callId, options) ?? reg;
  }
}
