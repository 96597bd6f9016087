/** How a tool name was matched. */
export type ResolutionTier = 'exact' | 'case-insensitive' | 'normalized' | 'suffix';

/** A resolved name, or undefined when nothing (or more than one tool) matches. */
export interface ResolvedName {
  readonly name: string;
  readonly tier: ResolutionTier;
}

/** Lower case, with runs of whitespace, dots, slashes, underscores, colons and hyphens as one hyphen. */
export function normalizeToolName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[\s._/:]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The last namespace segment: `functions.add-numbers` -> `add-numbers`, `api:get_weather` -> `get_weather`. */
function lastSegment(name: string): string {
  const parts = name.split(/[./:]/);
  return parts[parts.length - 1] ?? name;
}

/** Resolves names in tiers; built once per catalog and reused until the catalog changes. */
export class NameResolver {
  readonly #names: readonly string[];
  readonly #lower = new Map<string, string[]>();
  readonly #normalized = new Map<string, string[]>();
  readonly #suffix = new Map<string, string[]>();

  constructor(names: readonly string[]) {
    this.#names = names;
    for (const name of names) {
      push(this.#lower, name.toLowerCase(), name);
      push(this.#normalized, normalizeToolName(name), name);
      const ownSuffix = normalizeToolName(lastSegment(name));
      push(this.#suffix, ownSuffix, name);
      if (ownSuffix !== normalizeToolName(name)) push(this.#suffix, normalizeToolName(name), name);
    }
  }

  get names(): readonly string[] {
    return this.#names;
  }

  /**
   * Exact, then case-insensitive, then normalized (dot/slash/underscore/colon -> hyphen), then suffix (last
   * segment). A tier with more than one candidate is ambiguous: resolution stops and nothing matches.
   */
  resolve(requested: string): ResolvedName | undefined {
    const tiers: readonly [ResolutionTier, Map<string, string[]>, string][] = [
      ['case-insensitive', this.#lower, requested.toLowerCase()],
      ['normalized', this.#normalized, normalizeToolName(requested)],
      ['suffix', this.#suffix, normalizeToolName(lastSegment(requested))],
    ];
    for (const [tier, index, key] of tiers) {
      const candidates = index.get(key);
      if (candidates === undefined) continue;
      const unique = [...new Set(candidates)];
      if (unique.length === 1) return { name: unique[0] as string, tier };
      return undefined;
    }
    return undefined;
  }
}

function push(index: Map<string, string[]>, key: string, name: string): void {
  if (key.length === 0) return;
  const list = index.get(key);
  if (list === undefined) index.set(key, [name]);
  else list.push(name);
}
