import { freezeRequestContext, type RequestContext } from './request-context';

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
