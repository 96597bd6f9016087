import { RESERVED_CONTEXT_KEYS } from '@armorer/core';
import type { ExecuteContext } from '../common/context';
import { canonicalKey } from './canonical-key';

/** Per-call fields of an implementation context; everything else is the toolbox and tool context. */
const PER_CALL_KEYS = RESERVED_CONTEXT_KEYS;

const identities = new WeakMap<object, number>();
let nextIdentity = 0;

/** A stable number per object or function, for keying by identity. */
export function identityOf(value: object): number {
  let id = identities.get(value);
  if (id === undefined) {
    id = ++nextIdentity;
    identities.set(value, id);
  }
  return id;
}

/** The caller's tenant and principal: results are never shared across them. */
export function authorityScope(context: ExecuteContext): string {
  const authority = context.requestContext?.authority;
  if (authority === undefined) return '';
  return canonicalKey([authority.tenantId, authority.principalId]) ?? '';
}

/**
 * The toolbox and tool context the implementation sees: plain values by value, anything else (clients,
 * functions) by identity. Two toolboxes whose contexts differ (another user id) never share entries.
 */
export function contextScope(context: ExecuteContext): string {
  const record = context as unknown as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => !PER_CALL_KEYS.has(key));
  if (keys.length === 0) return '';
  if (keys.length > 1) keys.sort();
  const parts: string[] = [];
  for (const key of keys) {
    const value = record[key];
    const plain = canonicalKey(value);
    const written =
      plain !== undefined
        ? plain
        : typeof value === 'object' || typeof value === 'function'
          ? `#${identityOf(value as object)}`
          : String(value);
    parts.push(`${JSON.stringify(key)}:${written}`);
  }
  return parts.join(',');
}
