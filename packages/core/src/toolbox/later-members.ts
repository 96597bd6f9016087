import type { ApprovalRuntime } from '../approval/approval-runtime';
import type { ApprovalSettings } from '../approval/approval-settings';
import type { ResumeHost } from '../approval/resume';
import type { ResumeApprovalOptions, ResumedToolResult } from '../approval/types';
import { later } from '../chunks/later';
import { nextCallId, nextExecutionId } from '../execution/ids';
import type { AnyTool } from '../tool/types';
import type { ToolboxInternals } from './internals';
import type { ProviderExportOptions, ProviderName } from './provider-exporters';

/**
 * The methods of tools and toolboxes that only ever answer with a promise (approval management,
 * provider exports, `getAvailable`, `rawExecute`): a chunk of their own, loaded by the first of them an
 * object calls (see `defineLaterMembers`), so a page that only executes keeps them out of its bundle.
 */

/** The provider adapters' loader (and its error type): only toolboxes that export load it. */
const providerExporters = /* @__PURE__ */ later(() => import('./provider-exporters'));

/** The toolbox members receive the toolbox's internals (undefined when called on something else). */
function internalsOf(internals: ToolboxInternals | undefined): ToolboxInternals {
  if (internals === undefined) throw new TypeError('Expected a toolbox created by createToolbox().');
  return internals;
}

async function getAvailable(toolbox: ToolboxInternals | undefined): Promise<readonly AnyTool[]> {
  const registrations = [...internalsOf(toolbox).registrations.values()];
  const available = await Promise.all(
    registrations.map(async (reg) => {
      if (reg.config.availability === undefined) return true;
      try {
        return (await reg.config.availability(reg.context)) === true;
      } catch {
        return false;
      }
    }),
  );
  return registrations.filter((_, index) => available[index]).map((reg) => reg.tool);
}

async function toProvider(
  toolbox: ToolboxInternals | undefined,
  provider: ProviderName,
  options?: ProviderExportOptions,
): Promise<unknown> {
  const available = await getAvailable(toolbox);
  // The loader (and its error type) is a chunk of its own: only toolboxes that export load it.
  const { callAdapter } = providerExporters.module ?? (await providerExporters.load());
  return callAdapter(provider, 'to', [available, options]);
}

/** Resuming and managing approvals load their code (and the approval runtime) on first use. */
const resumes = /* @__PURE__ */ later(() => import('../approval/resume'));
const management = /* @__PURE__ */ later(() => import('../approval/manage'));

/** What a resume reads from its toolbox. */
function hostOf(internals: ToolboxInternals, runtime: ApprovalRuntime | undefined): ResumeHost {
  return {
    registrations: internals.registrations,
    emitter: internals.emitter,
    tracker: internals.owner.tracker,
    runtime,
  };
}

/**
 * `toolbox.resumeApproval`: once the resume module and the runtime are loaded, a resume goes straight in,
 * without an await before it starts (a resume is a hot path for hosts that approve in bulk).
 */
function resumeApproval(
  toolbox: ToolboxInternals | undefined,
  descriptor: unknown,
  options: ResumeApprovalOptions,
): Promise<ResumedToolResult> {
  const internals = internalsOf(toolbox);
  const settings = internals.owner.approvalSettings;
  const runtime = settings?.runtime;
  const resume = resumes.module;
  if (resume !== undefined && (settings === undefined || runtime !== undefined)) {
    return resume.resumeApproval(hostOf(internals, runtime), descriptor, options);
  }
  return loadThenResume(internals, descriptor, options);
}

async function loadThenResume(
  internals: ToolboxInternals,
  descriptor: unknown,
  options: ResumeApprovalOptions,
): Promise<ResumedToolResult> {
  const runtime = await runtimeOf(internals.owner.approvalSettings);
  const resume = resumes.module ?? (await resumes.load());
  return resume.resumeApproval(hostOf(internals, runtime), descriptor, options);
}

/** The approval runtime, loaded on first use; undefined when the toolbox configures no approval. */
async function runtimeOf(settings: ApprovalSettings | undefined): Promise<ApprovalRuntime | undefined> {
  return settings === undefined ? undefined : (settings.runtime ?? (await settings.load()));
}

/** Approval management methods: their module and the approval runtime load on first use. */
function manage<TArgument>(
  run: (
    module: typeof import('../approval/manage'),
    runtime: ApprovalRuntime | undefined,
    argument: TArgument,
  ) => unknown,
) {
  return async (toolbox: ToolboxInternals | undefined, argument: TArgument) => {
    const settings = internalsOf(toolbox).owner.approvalSettings;
    const runtime = await runtimeOf(settings);
    return await run(management.module ?? (await management.load()), runtime, argument);
  };
}

/** `tool.rawExecute`: the implementation called directly, with a default context (no pipeline). */
async function rawExecute(
  tool: AnyTool,
  params: unknown,
  context?: Record<string, unknown>,
): Promise<unknown> {
  const configuration = tool.configuration;
  const full = {
    ...configuration.context,
    toolName: configuration.name,
    callId: nextCallId(),
    executionId: nextExecutionId(),
    ownerId: undefined,
    requestContext: undefined,
    metadata: configuration.metadata,
    signal: new AbortController().signal,
    dispatch: () => {},
    progress: () => {},
    ...context,
  };
  return configuration.execute(params as Record<string, unknown>, full as never);
}

/** A later member: it receives the object it was called on and the method's arguments. */
export type LaterMember = (self: never, first: never, second: never) => unknown;

/** Each later member, by method name. */
export const laterMembers: Readonly<Record<string, LaterMember>> = {
  rawExecute,
  getAvailable,
  toProvider,
  toOpenAITools: (toolbox: ToolboxInternals | undefined, options?: ProviderExportOptions) =>
    toProvider(toolbox, 'openai', options),
  toAnthropicTools: (toolbox: ToolboxInternals | undefined, options?: ProviderExportOptions) =>
    toProvider(toolbox, 'anthropic', options),
  toGeminiTools: (toolbox: ToolboxInternals | undefined, options?: ProviderExportOptions) =>
    toProvider(toolbox, 'gemini', options),
  resumeApproval,
  restoreApproval: manage((module, runtime, descriptor: unknown) =>
    module.restoreApproval(runtime, descriptor),
  ),
  revokeApproval: manage((module, runtime, descriptor: unknown) =>
    module.revokeApproval(runtime, descriptor),
  ),
  issueGrant: manage((module, runtime, request: Parameters<typeof module.issueGrant>[1]) =>
    module.issueGrant(runtime, request),
  ),
  listGrants: manage((module, runtime, filter: Parameters<typeof module.listGrants>[1]) =>
    module.listGrants(runtime, filter),
  ),
  revokeGrant: manage((module, runtime, id: string) => module.revokeGrant(runtime, id)),
};
