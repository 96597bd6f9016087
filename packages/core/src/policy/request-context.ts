/**
 * Who is asking for a call: the host identity armorer freezes before policy runs. A toolbox is a
 * tenant-neutral catalog; authority belongs to each `execute()` call.
 */
export interface RequestAuthority {
  readonly principalId?: string;
  readonly tenantId?: string;
  readonly ownerId?: string;
  readonly capabilities?: readonly string[];
  readonly authorizationRevision?: string | number;
}

/** Per-call request context passed to `execute(call, { requestContext })`. */
export interface RequestContext {
  readonly authority?: RequestAuthority;
  readonly audience?: string;
  readonly agentId?: string;
  readonly runId?: string;
  readonly sessionId?: string;
  readonly [key: string]: unknown;
}

/**
 * Deep-freezes a request context (plain objects and arrays only) so that no policy or tool can change
 * the authority after admission. Returns the same value when it is already frozen.
 *
 * @example
 * ```ts
 * const frozen = freezeRequestContext({ authority: { principalId: 'u1', capabilities: ['read'] } });
 * Object.isFrozen(frozen.authority); // true
 * ```
 */
export function freezeRequestContext(context: RequestContext): RequestContext {
  return deepFreeze(context, 0) as RequestContext;
}

function deepFreeze(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || depth > 32) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null && !Array.isArray(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key], depth + 1);
  return Object.freeze(value);
}

/**
 * The request context with capabilities narrowed to those both the host granted and the policy kept.
 * Capabilities the host did not grant are never added.
 *
 * @example
 * ```ts
 * narrowCapabilities({ authority: { capabilities: ['read', 'write'] } }, ['read', 'admin']);
 * // authority.capabilities: ['read']
 * ```
 */
export function narrowCapabilities(
  context: RequestContext | undefined,
  keep: readonly string[],
): RequestContext {
  const granted = context?.authority?.capabilities ?? [];
  const effective = granted.filter((capability) => keep.includes(capability));
  return freezeRequestContext({
    ...context,
    authority: { ...context?.authority, capabilities: effective },
  });
}
