import type { LaterMember } from './later-members';

let loaded: Readonly<Record<string, LaterMember>> | undefined;

// Its own function: a closure in the method itself would capture its arguments on every call.
function loadThen(name: string, self: object, first: unknown, second: unknown): Promise<unknown> {
  return import('./later-members').then((module) => {
    loaded = module.laterMembers;
    return call(loaded, name, self, first, second);
  });
}

function call(
  members: Readonly<Record<string, LaterMember>>,
  name: string,
  self: object,
  first: unknown,
  second: unknown,
): unknown {
  return (members[name] as (self: object, first: unknown, second: unknown) => unknown)(self, first, second);
}

/**
 * Installs methods that only ever answer with a promise on a prototype (non-enumerable, like class
 * members); their code is the chunk `./later-members`, loaded by the first call of any of them.
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
        if (loaded === undefined) return loadThen(name, self, first, second);
        try {
          return Promise.resolve(call(loaded, name, self, first, second));
        } catch (error) {
          return Promise.reject(error);
        }
      },
      writable: true,
      configurable: true,
    });
  }
}
