import { sharedStringList } from '@armorer/approval';
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

/** A base whose constructor returns the object it is given, so a subclass can stamp any object. */
class ReturnTarget {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the stamping technique needs it.
    return target;
  }
}

/**
 * Marks the contexts {@link freezeRequestContext} made with a private field: unforgeable, tested by a
 * structure check, and nothing to collect (a `WeakSet` of every call's context grows a weak table that
 * the garbage collector walks). Stamped before the copy is frozen.
 */
class FrozenContext extends ReturnTarget {
  readonly #frozen = true;

  static stamp(context: object): void {
    new FrozenContext(context);
  }

  static has(value: object): boolean {
    return #frozen in value;
  }
}

/**
 * Returns a deep-frozen copy of a request context (plain objects and arrays are copied; other values are
 * kept as they are) so that no policy or tool can change the authority after admission. The caller's
 * object is never changed. A context this function returned is returned as is.
 *
 * @example
 * ```ts
 * const mine = { authority: { principalId: 'u1', capabilities: ['read'] } };
 * const frozen = freezeRequestContext(mine);
 * Object.isFrozen(frozen.authority); // true
 * Object.isFrozen(mine); // false
 * ```
 */
export function freezeRequestContext(context: RequestContext): RequestContext {
  if (typeof context !== 'object' || context === null) return context;
  if (FrozenContext.has(context)) return context;
  return frozenCopy(context, 0, true) as RequestContext;
}

function frozenCopy(value: unknown, depth: number, stamp = false): unknown {
  if (typeof value !== 'object' || value === null || depth > 32) return value;
  if (Array.isArray(value)) {
    const items = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) items[index] = frozenCopy(value[index], depth + 1);
    return sharedStrings(items) ?? Object.freeze(items);
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  // Copied natively (own enumerable properties, symbols too, each getter read once; a "__proto__" key stays
  // an own property), then the nested objects and arrays of the copy are replaced by frozen copies.
  const copy: Record<PropertyKey, unknown> =
    prototype === null ? Object.assign(Object.create(null), value) : { ...value };
  const keys = Reflect.ownKeys(copy);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as PropertyKey;
    const item = copy[key];
    if (typeof item === 'object' && item !== null) copy[key] = frozenCopy(item, depth + 1);
  }
  if (stamp) FrozenContext.stamp(copy);
  return Object.freeze(copy);
}

/**
 * A copied list of strings (capabilities, scopes) as the frozen list shared with every equal one (see
 * `sharedStringList`), or undefined when it holds anything else.
 */
function sharedStrings(items: unknown[]): readonly string[] | undefined {
  for (let index = 0; index < items.length; index++) if (typeof items[index] !== 'string') return undefined;
  return sharedStringList(items as string[]);
}
