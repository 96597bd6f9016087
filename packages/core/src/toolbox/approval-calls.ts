import type { ApprovalRuntime } from '../approval/approval-runtime';
import type { ApprovalSettings } from '../approval/approval-settings';
import type { ResumeHost } from '../approval/resume';
import type { ResumeApprovalOptions, ResumedToolResult } from '../approval/types';

/**
 * The toolbox's doors into approval management. Resuming and managing approvals load their code (and the
 * approval runtime) on first use, so a toolbox that never does keeps them out of its bundle. Once loaded,
 * the module and the runtime are reused as they are: a resume is a hot path for hosts that approve in
 * bulk, and a dynamic import per call costs more than the rest of the dispatch.
 */

let resumeModule: typeof import('../approval/resume') | undefined;
let manageModule: typeof import('../approval/manage') | undefined;

/** The approval runtime, loaded on first use; undefined when the toolbox configures no approval. */
async function runtimeOf(settings: ApprovalSettings | undefined): Promise<ApprovalRuntime | undefined> {
  return settings === undefined ? undefined : (settings.runtime ?? (await settings.load()));
}

/** What a resume reads from its toolbox: its registrations, emitter and owner (whose tracker says closed). */
export interface ResumeSource {
  readonly registrations: ResumeHost['registrations'];
  readonly emitter: ResumeHost['emitter'];
  readonly owner: { readonly tracker: ResumeHost['tracker'] };
}

/** `toolbox.resumeApproval`. */
export function resumeThrough(
  settings: ApprovalSettings | undefined,
  source: ResumeSource,
  descriptor: unknown,
  options: ResumeApprovalOptions,
): Promise<ResumedToolResult> {
  // Once the module and the runtime are loaded, a resume goes straight in: no await before it starts.
  const runtime = settings?.runtime;
  if (resumeModule !== undefined && (settings === undefined || runtime !== undefined)) {
    return resumeModule.resumeApproval(hostOf(source, runtime), descriptor, options);
  }
  return loadThenResume(settings, source, descriptor, options);
}

function hostOf(source: ResumeSource, runtime: ApprovalRuntime | undefined): ResumeHost {
  return {
    registrations: source.registrations,
    emitter: source.emitter,
    tracker: source.owner.tracker,
    runtime,
  };
}

async function loadThenResume(
  settings: ApprovalSettings | undefined,
  source: ResumeSource,
  descriptor: unknown,
  options: ResumeApprovalOptions,
): Promise<ResumedToolResult> {
  const runtime = await runtimeOf(settings);
  resumeModule ??= await import('../approval/resume');
  return resumeModule.resumeApproval(hostOf(source, runtime), descriptor, options);
}

/** Runs one of the management calls (`restoreApproval`, `issueGrant`, ...) with its module loaded. */
export async function manageThrough<T>(
  settings: ApprovalSettings | undefined,
  call: (module: typeof import('../approval/manage'), runtime: ApprovalRuntime | undefined) => T,
): Promise<Awaited<T>> {
  const runtime = await runtimeOf(settings);
  manageModule ??= await import('../approval/manage');
  return await call(manageModule, runtime);
}
