import type { Registration } from './registration';

/** Evaluates an availability hook against the registration context; a throwing probe means unavailable. */
export async function isAvailable(reg: Registration): Promise<boolean> {
  try {
    return (await reg.config.availability?.(reg.context)) === true;
  } catch {
    return false;
  }
}
