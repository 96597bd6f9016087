import { later } from '../chunks/later';
import { defineLaterMembers } from '../chunks/later-members';
import { ToolboxError } from '../errors/armorer-error';
import { EventHub } from '../events/event-hub';
import { defineOwnerSurface, type OwnerSurface } from '../execution/lifetime/owner-surface';
import { ExecutionTracker } from '../execution/lifetime/tracker';
import { createRegistration, type ExecutionOwner, type Registration } from '../execution/registration';
import { admitToolboxCall, refuseUnreadable, ToolboxAdmission } from '../execution/stages/admission';
import type { BatchExecuteOptions, ToolCall, ToolExecuteOptions } from '../execution/types';
import { isTool, toolInternals } from '../tool/create-tool';
import { serializeTool } from '../tool/serialize';
import type { AnyTool, SerializedTool } from '../tool/types';
import { applyMiddleware } from './apply-middleware';
import { hydrateTool, isSerializedTool } from './hydrate';
import { getToolboxInternals, isToolbox, markToolbox, setToolboxInternals } from './internals';
import { checkToolboxOptions, createToolboxOwner, resolveApproval } from './toolbox-owner';
import type { SerializedToolbox, Toolbox, ToolboxOptions } from './types';

const batches = /* @__PURE__ */ later(() => import('./batch'));

/**
 * Toolbox methods whose code is the lazy chunk `toolbox/later-members`.
 * @internal
 */
export const LATER_MEMBERS = [
  'getAvailable',
  'resumeApproval',
  'restoreApproval',
  'revokeApproval',
  'issueGrant',
  'listGrants',
  'revokeGrant',
  'toOpenAITools',
  'toAnthropicTools',
  'toGeminiTools',
  'toProvider',
] as const;

/** Anything `createToolbox` and `register` accept as a tool. */
export type ToolSource = AnyTool | SerializedTool;

/** The toolbox implementation. Public surface only through the {@link Toolbox} interface. */
export class ToolboxImpl {
  readonly context: Readonly<Record<string, unknown>>;
  readonly #options: ToolboxOptions<object>;
  readonly #owner: ExecutionOwner;
  readonly #emitter = new EventHub();
  readonly #registrations = new Map<string, Registration>();

  constructor(options: ToolboxOptions<object>) {
    checkToolboxOptions(options);
    const { approval, resolved } = resolveApproval(options);
    this.#options = resolved;
    this.context = Object.freeze({ ...(options.context as Record<string, unknown> | undefined) });
    const tracker = new ExecutionTracker();
    this.#owner = createToolboxOwner(options, {
      emitter: this.#emitter,
      tracker,
      registrations: this.#registrations,
      context: this.context,
      approval,
    });
    this.#admission = new ToolboxAdmission(options, this.#emitter, this.#registrations, tracker);
    markToolbox(this);
    setToolboxInternals(this, {
      options: resolved,
      registrations: this.#registrations,
      emitter: this.#emitter,
      owner: this.#owner,
    });
    const signal = options.signal;
    if (signal !== undefined) {
      if (signal.aborted) void tracker.complete();
      else signal.addEventListener('abort', () => void tracker.complete(), { once: true });
    }
  }

  // The lifetime and listener members come from defineOwnerSurface (one definition shared with tools).
  declare readonly activeExecutions: OwnerSurface['activeExecutions'];
  declare readonly executionSignal: OwnerSurface['executionSignal'];
  declare readonly completed: OwnerSurface['completed'];
  declare readonly admissionClosed: OwnerSurface['admissionClosed'];
  declare readonly executions: OwnerSurface['executions'];
  declare readonly whenIdle: OwnerSurface['whenIdle'];
  declare readonly complete: OwnerSurface['complete'];
  declare readonly closeAdmission: OwnerSurface['closeAdmission'];
  declare readonly shutdown: OwnerSurface['shutdown'];
  declare readonly abort: OwnerSurface['abort'];
  declare readonly addEventListener: OwnerSurface['addEventListener'];
  declare readonly on: OwnerSurface['on'];
  declare readonly removeEventListener: OwnerSurface['removeEventListener'];
  declare readonly once: OwnerSurface['once'];
  // Methods that only answer with a promise load their code with the first of them called (one chunk).
  declare readonly getAvailable: Toolbox['getAvailable'];
  declare readonly resumeApproval: Toolbox['resumeApproval'];
  declare readonly restoreApproval: Toolbox['restoreApproval'];
  declare readonly revokeApproval: Toolbox['revokeApproval'];
  declare readonly issueGrant: Toolbox['issueGrant'];
  declare readonly listGrants: Toolbox['listGrants'];
  declare readonly revokeGrant: Toolbox['revokeGrant'];
  declare readonly toOpenAITools: Toolbox['toOpenAITools'];
  declare readonly toAnthropicTools: Toolbox['toAnthropicTools'];
  declare readonly toGeminiTools: Toolbox['toGeminiTools'];
  declare readonly toProvider: Toolbox['toProvider'];
  static {
    defineOwnerSurface(ToolboxImpl.prototype, (toolbox: ToolboxImpl) => toolbox.#owner);
    defineLaterMembers(ToolboxImpl.prototype, LATER_MEMBERS, getToolboxInternals);
  }

  readonly #admission: ToolboxAdmission;

  get size(): number {
    return this.#registrations.size;
  }

  register(...sources: readonly (ToolSource | readonly ToolSource[])[]): this {
    for (const source of sources.flat() as ToolSource[]) {
      this.#add(this.#toTool(source), true);
    }
    return this;
  }

  /** Registers an already-transformed tool (composition): middleware is not applied again. @internal */
  adopt(tool: AnyTool): void {
    this.#add(tool, false);
  }

  #toTool(source: ToolSource): AnyTool {
    if (isTool(source)) return source;
    if (isSerializedTool(source)) return hydrateTool(source, this.#options);
    throw new ToolboxError({
      code: 'INVALID_TOOL',
      message: `Only tools made by createTool() or serialized tool configurations can be registered, got ${describe(source)}.`,
    });
  }

  #add(tool: AnyTool, withMiddleware: boolean): void {
    const registered = withMiddleware ? applyMiddleware(tool, this.#options.middleware) : tool;
    const name = registered.name;
    if (this.#registrations.has(name)) {
      throw new ToolboxError({
        code: 'DUPLICATE_TOOL',
        message: `A tool named "${name}" is already registered.`,
      });
    }
    const internals = toolInternals(registered);
    this.#admission?.invalidate();
    this.#registrations.set(
      name,
      createRegistration(registered, internals.configuration, internals.emitter, this.#owner),
    );
  }

  tools(): readonly AnyTool[] {
    return [...this.#registrations.values()].map((reg) => reg.tool);
  }

  names(): readonly string[] {
    return [...this.#registrations.keys()];
  }

  getTool(name: string): AnyTool | undefined {
    return this.#registrations.get(name)?.tool;
  }

  has(name: string): boolean {
    return this.#registrations.has(name);
  }

  execute(
    input: ToolCall | readonly ToolCall[],
    options?: ToolExecuteOptions | BatchExecuteOptions,
  ): Promise<unknown> {
    let batch: boolean;
    try {
      batch = Array.isArray(input);
    } catch (error) {
      return Promise.resolve(refuseUnreadable(this.#admission, error));
    }
    if (batch) return this.#executeBatch(input as readonly ToolCall[], options);
    const started = admitToolboxCall(this.#admission, input as ToolCall, options, undefined);
    return started instanceof Promise ? started : Promise.resolve(started);
  }

  /** Batches load their scheduler on first use (a chunk of its own; a plain call never needs it). */
  async #executeBatch(
    calls: readonly ToolCall[],
    options: BatchExecuteOptions | undefined,
  ): Promise<unknown> {
    const { executeBatch } = batches.module ?? (await batches.load());
    return executeBatch(this.#admission, calls, options);
  }

  toJSON(): SerializedToolbox {
    return { version: 1, tools: [...this.#registrations.values()].map((reg) => serializeTool(reg.config)) };
  }

  /** A new toolbox with every option but `signal`; middleware applies only to the added tools. */
  extend(...items: readonly unknown[]): ToolboxImpl {
    const { signal: _signal, ...rest } = this.#options;
    const context: Record<string, unknown> = { ...this.context };
    for (const item of items) if (isToolbox(item)) Object.assign(context, item.context);
    const next = new ToolboxImpl({ ...rest, context });
    next.adoptFrom(this);
    for (const item of items) {
      if (isToolbox(item)) next.adoptFrom(item);
      else next.register(item as ToolSource | readonly ToolSource[]);
    }
    return next;
  }

  /** Adopts every tool of another toolbox, as transformed there. @internal */
  adoptFrom(toolbox: unknown): void {
    const internals = isToolbox(toolbox) ? getToolboxInternals(toolbox) : undefined;
    if (internals === undefined) {
      throw new ToolboxError({
        code: 'INVALID_TOOL',
        message: 'Expected a toolbox created by createToolbox().',
      });
    }
    for (const reg of internals.registrations.values()) this.adopt(reg.tool);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object that is not a tool' : `a ${typeof value}`;
}

export type { Toolbox };
