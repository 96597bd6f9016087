import { REDACTION_REVISION } from './snapshot';
import type { PrivilegedExecutionSnapshot } from './snapshot-types';

/** Who a projection is for, from the least to the most trusted. */
export type ProjectionAudience = 'public' | 'tenant' | 'operator';

const RANK: Readonly<Record<ProjectionAudience, number>> = { public: 0, tenant: 1, operator: 2 };

/**
 * The explicit visibility of every field a projection may carry: the least trusted audience allowed to
 * see it. A field without an entry here is never projected, so new snapshot fields stay private until
 * someone classifies them. Payloads, request authority, credentials, trace context, provider data and
 * error texts (which can quote arguments) have no entry on purpose.
 */
const VISIBILITY: Readonly<Record<string, ProjectionAudience>> = {
  toolName: 'public',
  state: 'public',
  revision: 'public',
  'result.outcome': 'public',
  'result.errorCategory': 'public',
  executionId: 'tenant',
  callId: 'tenant',
  'result.errorCode': 'tenant',
  'activity.admittedAt': 'tenant',
  'activity.startedAt': 'tenant',
  'activity.settledAt': 'tenant',
  'activity.lastActivityAt': 'tenant',
  'activity.chunks': 'tenant',
  'activity.progress.percent': 'tenant',
  'deadline.deadlineAt': 'tenant',
  'deadline.timeoutMs': 'tenant',
  'queue.position': 'tenant',
  'cleanup.status': 'tenant',
  ownerId: 'operator',
  'activity.progress.message': 'operator',
  'queue.queuedAt': 'operator',
  'capacity.limit': 'operator',
  'capacity.inUse': 'operator',
  'capacity.queued': 'operator',
};

/** Options of {@link projectExecutionSnapshot}. */
export interface ProjectionOptions {
  readonly audience: ProjectionAudience;
  /** The tenant the output is for; executions of other tenants are never projected. */
  readonly tenantId: string | undefined;
}

/** A versioned external view of an execution. */
export interface ExecutionProjection {
  readonly projectionVersion: 1;
  readonly redactionRevision: string;
  readonly audience: ProjectionAudience;
  readonly tenantId: string | undefined;
  /** Only classified fields visible to the audience, as nested plain data. */
  readonly fields: Readonly<Record<string, unknown>>;
}

function read(source: unknown, path: readonly string[]): unknown {
  let value = source;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function write(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = value;
}

/**
 * Projects a privileged snapshot for external output. Enforces the tenant (another tenant's execution
 * gives `undefined`) and the audience (an execution requested for a more trusted audience gives
 * `undefined`), and keeps only fields with an explicit visibility classification at or below the
 * audience.
 *
 * @example
 * ```ts
 * const [execution] = toolbox.executions.inspectPrivileged();
 * const view = execution && projectExecutionSnapshot(execution, { audience: 'tenant', tenantId: 'tenant-1' });
 * ```
 */
export function projectExecutionSnapshot(
  snapshot: PrivilegedExecutionSnapshot,
  options: ProjectionOptions,
): ExecutionProjection | undefined {
  const rank = RANK[options?.audience];
  if (rank === undefined)
    throw new RangeError(`Unknown projection audience ${JSON.stringify(options?.audience)}.`);
  if (snapshot?.privileged !== true)
    throw new TypeError('projectExecutionSnapshot() needs a privileged snapshot.');
  const authority = snapshot.requestContext?.authority;
  if (authority?.tenantId !== options.tenantId) return undefined;
  const requested = snapshot.requestContext?.audience;
  const requestedRank =
    typeof requested === 'string' && requested in RANK ? RANK[requested as ProjectionAudience] : 1;
  if (requestedRank > rank) return undefined;
  const fields: Record<string, unknown> = {};
  for (const [path, visibility] of Object.entries(VISIBILITY)) {
    if (RANK[visibility] > rank) continue;
    const segments = path.split('.');
    const value = read(snapshot, segments);
    if (value !== undefined) write(fields, segments, value);
  }
  return Object.freeze({
    projectionVersion: 1,
    redactionRevision: REDACTION_REVISION,
    audience: options.audience,
    tenantId: options.tenantId,
    fields: Object.freeze(fields),
  });
}
