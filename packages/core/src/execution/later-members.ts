import type { ResumeApprovalOptions } from '../approval/types';
import type { AnyTool } from '../tool/types';
import { manageThrough, resumeThrough } from '../toolbox/approval-calls';
import type { ToolboxInternals } from '../toolbox/internals';
import type { ProviderExportOptions, ProviderName } from '../toolbox/provider-exporters';
import { nextCallId, nextExecutionId } from './ids';

/**
 * The methods of tools and toolboxes that only ever answer with a promise (approval management,
 * provider exports, `getAvailable`, `rawExecute`): a chunk of their own, loaded by the first of them an
 * object calls (see {@link defineLaterMembers}), so a page that only executes keeps them out of its bundle.
 */

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
  const { callAdapter } = await import('../toolbox/provider-exporters');
  return callAdapter(provider, 'to', [available, options]);
}

function resumeApproval(
  toolbox: ToolboxInternals | undefined,
  descriptor: unknown,
  options: ResumeApprovalOptions,
) {
  const internals = internalsOf(toolbox);
  // The internals carry the registrations and the emitter a resume needs: no host object per resume.
  return resumeThrough(internals.owner.approvalSettings, internals, descriptor, options);
}

/** Approval management methods: their module and the approval runtime load on first use. */
function manage<TArgument>(
  run: (
    module: typeof import('../approval/manage'),
    runtime: Parameters<Parameters<typeof manageThrough>[1]>[1],
    argument: TArgument,
  ) => unknown,
) {
  return async (toolbox: ToolboxInternals | undefined, argument: TArgument) =>
    manageThrough(internalsOf(toolbox).owner.approvalSettings, (module, runtime) =>
      run(module, runtime, argument),
    );
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
