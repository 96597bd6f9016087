import type { LaterMember } from '../toolbox/later-members';
import { later } from './later';

/** The code of every later member: one chunk, loaded by the first of them an object calls. */
const members = /* @__PURE__ */ later(() => import('../toolbox/later-members'));

// Its own function: a closure in the method itself would capture its arguments on every call.
async function loadThenCall(name: string, self: object, first: unknown, second: unknown): Promise<unknown> {
  const { laterMembers } = await members.load();
  return call(laterMembers, name, self, first, second);
}

function call(
  loaded: Readonly<Record<string, LaterMember>>,
  name: string,
  self: object,
  first: unknown,
  second: unknown,
): unknown {
  return (loaded[name] as (self: object, first: unknown, second: unknown) => unknown)(self, first, second);
}

/**
 * Installs methods that only ever answer with a promise on a prototype (non-enumerable, like class
 * members); their code is the chunk `toolbox/later-members`, loaded by the first call of any of them.
 * Once loaded, a call goes straight in, without waiting for anything. `receiver` maps the object the
 * method is called on to what the member receives (default: the object itself).
 * @internal
 */
export function defineLaterMembers(
  prototype: object,
  names: readonly string[],
  receiver: (self: object) => unknown = (self) => self,
): void {
  for (const name of names) {
    Object.defineProperty(prototype, name, {
      value(this: object, first?: unknown, second?: unknown): Promise<unknown> {
        // What the member works on (a toolbox's internals) is looked up here: the chunk imports nothing
        // the initial load needs, so bundlers keep that code in the initial chunk instead of splitting it.
        const self = receiver(this) as object;
        const loaded = members.module;
        if (loaded === undefined) return loadThenCall(name, self, first, second);
        try {
          return Promise.resolve(call(loaded.laterMembers, name, self, first, second));
        } catch (error) {
          return Promise.reject(error);
        }
      },
      writable: true,
      configurable: true,
    });
  }
}
