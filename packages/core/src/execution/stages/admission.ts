import type { ResumeState } from '../../approval/resume-state';
import { later } from '../../chunks/later';
import { toolErrorOf } from '../../errors/tool-error';
import type { EventHub } from '../../events/event-hub';
import { type LoopThresholds, loopThresholds } from '../../toolbox/loop-options';
import type { ToolboxOptions } from '../../toolbox/types';
import type { BatchAwaiter, CallState } from '../call-state';
import { nextCallId } from '../ids';
import type { ExecutionTracker } from '../lifetime/tracker';
import type { Registration } from '../registration';
import type { ToolCall, ToolExecuteOptions, ToolResult } from '../types';
import type { AdmissionChecks } from './admission-checks';
import { admissionResult, refuse } from './finish';
import { identify } from './identity';
import type { StartedCall } from './run';

/*
 * 1. Admission: is there a tool to run, and may it run now? A toolbox's call is read (a call that is not a
 * call, or whose getters throw, is refused), announced (`call`), refused when the toolbox no longer admits
 * calls, and addressed by name: exactly, then through the resolution tiers when enabled; loop detection and
 * the call budget come next. Those checks are a chunk of their own (`./admission-checks`) that a plain call
 * never loads. Every call of a registered tool (through a toolbox, called directly, or resumed) then meets
 * its availability hook and its owner's admission. Events fired here carry no execution identity yet:
 * the execution begins at identity.
 */

const admissionChecks = /* @__PURE__ */ later(() => import('./admission-checks'));

/** The admission of one toolbox's calls: its name lookup and, when enabled, the checks. */
export class ToolboxAdmission {
  readonly emitter: EventHub;
  readonly registrations: ReadonlyMap<string, Registration>;
  readonly tracker: ExecutionTracker;
  readonly loops: LoopThresholds | undefined;
  readonly maxCalls: number | undefined;
  /** Every call goes through the checks (resolution, loop detection or a budget is on). */
  readonly checked: boolean;
  readonly resolution: boolean;
  /** The checks of this toolbox (they keep its loop and budget counts), once their chunk is loaded. */
  checks: AdmissionChecks | undefined = undefined;

  constructor(
    options: ToolboxOptions<object>,
    emitter: EventHub,
    registrations: ReadonlyMap<string, Registration>,
    tracker: ExecutionTracker,
  ) {
    this.emitter = emitter;
    this.registrations = registrations;
    this.tracker = tracker;
    this.resolution = options.resolution === true;
    const loop = options.loopDetection;
    this.loops = loop === undefined || loop === false ? undefined : loopThresholds(loop);
    const maxCalls = options.budget?.maxCalls;
    if (maxCalls !== undefined && !(Number.isInteger(maxCalls) && maxCalls >= 0)) {
      throw new RangeError('budget.maxCalls must be a non-negative integer.');
    }
    this.maxCalls = maxCalls;
    this.checked = this.resolution || this.loops !== undefined || maxCalls !== undefined;
    // Toolboxes that check every call start loading the checks now, so the first call rarely waits.
    if (this.checked) void this.loadChecks().catch(() => undefined);
  }

  /** The catalog changed: rebuild the resolver on next use. */
  invalidate(): void {
    this.checks?.invalidate();
  }

  async loadChecks(): Promise<AdmissionChecks> {
    const { AdmissionChecks } = admissionChecks.module ?? (await admissionChecks.load());
    this.checks ??= new AdmissionChecks(this.emitter, this.registrations, this.loops, this.maxCalls);
    return this.checks;
  }
}

/**
 * Starts one call through a toolbox. Host-built values (a call whose getters throw, a Proxy, hostile
 * options) never make it throw: whatever escapes before the execution exists ends the call as
 * INVALID_TOOL_CALL, and the pipeline settles an existing execution itself. A batch's call whose
 * implementation is still running is handed back to the batch.
 */
export function admitToolboxCall(
  admission: ToolboxAdmission,
  call: ToolCall,
  options: ToolExecuteOptions | undefined,
  batch: undefined,
): ToolResult | Promise<ToolResult>;
export function admitToolboxCall(
  admission: ToolboxAdmission,
  call: ToolCall,
  options: ToolExecuteOptions | undefined,
  batch: BatchAwaiter,
): StartedCall;
export function admitToolboxCall(
  admission: ToolboxAdmission,
  call: ToolCall,
  options: ToolExecuteOptions | undefined,
  batch: BatchAwaiter | undefined,
): StartedCall {
  try {
    return admitByName(admission, call, options, batch);
  } catch (error) {
    return refuseUnreadable(admission, error);
  }
}

/** The answer to a toolbox call that could not be read at all. */
export function refuseUnreadable(
  admission: ToolboxAdmission,
  error: unknown,
): ToolResult | Promise<ToolResult> {
  return refuse(admission.emitter, '', nextCallId(), 'unreadableCall', error, true);
}

function admitByName(
  admission: ToolboxAdmission,
  call: ToolCall,
  options: ToolExecuteOptions | undefined,
  batch: BatchAwaiter | undefined,
): StartedCall {
  const emitter = admission.emitter;
  if (typeof call !== 'object' || call === null || typeof call.name !== 'string') {
    return refuse(emitter, '', nextCallId(), 'notACall');
  }
  const callId = typeof call.id === 'string' && call.id.length > 0 ? call.id : nextCallId();
  if (emitter.size !== 0 && emitter.has('call')) {
    emitter.emit('call', {
      type: 'call',
      detail: { call },
      timestamp: Date.now(),
      toolName: call.name,
      callId,
    });
  }
  if (admission.tracker.admissionClosed) {
    const name = call.name;
    return refuse(emitter, name, callId, 'closed', name, 'this toolbox');
  }
  const reg = admission.registrations.get(call.name);
  if (reg !== undefined && !admission.checked) return admitCall(reg, call, callId, options, undefined, batch);
  const checks = admission.checks;
  if (checks === undefined) return admitOnceChecksLoad(admission, call, callId, options, batch);
  const checked = checkCall(admission, checks, reg, call, callId, options);
  return 'config' in checked ? admitCall(checked, call, callId, options, undefined, batch) : checked;
}

/** The checks were still loading: the call goes on once they are there, still never throwing. */
async function admitOnceChecksLoad(
  admission: ToolboxAdmission,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
  batch: BatchAwaiter | undefined,
): Promise<ToolResult | CallState> {
  let checks: AdmissionChecks;
  try {
    checks = await admission.loadChecks();
  } catch (error) {
    const message = `Tool "${call.name}" could not be admitted: the admission checks failed to load (${String(error)}).`;
    const failure = toolErrorOf('LAZY_LOAD_FAILED', 'execution', true, message);
    return admissionResult(admission.emitter, call.name, callId, failure);
  }
  try {
    const found = admission.registrations.get(call.name);
    const checked = checkCall(admission, checks, found, call, callId, options);
    return 'config' in checked ? admitCall(checked, call, callId, options, undefined, batch) : checked;
  } catch (error) {
    return refuseUnreadable(admission, error);
  }
}

/** Finds the registration for a call (resolving its name when enabled), or the result that ends it. */
function checkCall(
  admission: ToolboxAdmission,
  checks: AdmissionChecks,
  found: Registration | undefined,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
): Registration | ToolResult {
  const reg = found ?? (admission.resolution ? checks.resolve(call.name, callId) : undefined);
  if (reg === undefined) return checks.notFound(call.name, callId);
  return checks.check(reg, call, callId, options) ?? reg;
}

/**
 * Admits a call of a registered tool: its availability hook (awaited when the tool has one), then its
 * owner, which must still admit calls; then the call is identified.
 */
export function admitCall(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
  resume: ResumeState | undefined,
  batch: undefined,
): ToolResult | Promise<ToolResult>;
export function admitCall(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
  resume: ResumeState | undefined,
  batch: BatchAwaiter | undefined,
): StartedCall;
export function admitCall(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
  resume: ResumeState | undefined,
  batch: BatchAwaiter | undefined,
): StartedCall {
  // Every caller passes every argument: a call with fewer than declared costs JavaScriptCore an arity fix-up.
  if (reg.config.availability !== undefined) {
    return admitWhenAvailable(reg, call, callId, options, resume, batch);
  }
  return admitOpen(reg, call, callId, options, resume, batch);
}

async function admitWhenAvailable(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
  resume: ResumeState | undefined,
  batch: BatchAwaiter | undefined,
): Promise<ToolResult | CallState> {
  if (!(await isAvailable(reg))) {
    const name = reg.config.name;
    return refuse(reg.owner.emitter, name, callId, 'unavailable', name);
  }
  return admitOpen(reg, call, callId, options, resume, batch);
}

/** The tool is available: its owner (a toolbox, or the tool itself) must still admit calls. */
function admitOpen(
  reg: Registration,
  call: ToolCall,
  callId: string,
  options: ToolExecuteOptions | undefined,
  resume: ResumeState | undefined,
  batch: BatchAwaiter | undefined,
): StartedCall {
  if (reg.owner.tracker.admissionClosed) {
    const name = reg.config.name;
    return refuse(reg.owner.emitter, name, callId, 'closed', name, 'its owner');
  }
  return identify(reg, call, callId, options, resume, batch);
}

/** Evaluates an availability hook against the registration context; a throwing probe means unavailable. */
export async function isAvailable(reg: Registration): Promise<boolean> {
  try {
    return (await reg.config.availability?.(reg.context)) === true;
  } catch {
    return false;
  }
}
