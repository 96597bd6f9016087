import type { AdapterProvider } from '../conversion/warnings';

/** A provider's rule for function names. */
export interface NameRule {
  /** Characters outside this class are replaced with `_`. */
  readonly invalid: RegExp;
  /** A whole name that needs no change. */
  readonly valid: RegExp;
  readonly maxLength: number;
  /** True when the first character must be a letter or an underscore. */
  readonly letterFirst: boolean;
}

/**
 * The published function-name rules of each provider.
 *
 * @example
 * ```ts
 * NAME_RULES.gemini.maxLength; // 128
 * ```
 */
export const NAME_RULES: Readonly<Record<AdapterProvider, NameRule>> = {
  // OpenAI FunctionDefinition.name: a-z, A-Z, 0-9, underscores and dashes, at most 64.
  openai: { invalid: /[^a-zA-Z0-9_-]/g, valid: /^[a-zA-Z0-9_-]{1,64}$/, maxLength: 64, letterFirst: false },
  // Anthropic Tool.name: ^[a-zA-Z0-9_-]{1,64}$.
  anthropic: {
    invalid: /[^a-zA-Z0-9_-]/g,
    valid: /^[a-zA-Z0-9_-]{1,64}$/,
    maxLength: 64,
    letterFirst: false,
  },
  // Gemini FunctionDeclaration.name: starts with a letter or underscore; a-z, A-Z, 0-9, underscores,
  // dots, colons and dashes; at most 128.
  gemini: {
    invalid: /[^a-zA-Z0-9_.:-]/g,
    valid: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/,
    maxLength: 128,
    letterFirst: true,
  },
};

function hash(text: string): string {
  // FNV-1a, 32 bit: short, deterministic, dependency-free.
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(36).padStart(7, '0');
}

/**
 * The name a tool is declared under for a provider: the tool's own name when it fits the provider's rule,
 * otherwise a deterministic stand-in (invalid characters replaced, long names shortened with a hash).
 *
 * @example
 * ```ts
 * providerToolName('openai', 'triangle_properties.get'); // 'triangle_properties_get'
 * providerToolName('gemini', 'triangle_properties.get'); // unchanged
 * ```
 */
export function providerToolName(provider: AdapterProvider, name: string): string {
  const rule = NAME_RULES[provider];
  if (rule.valid.test(name)) return name;
  let safe = name.replace(rule.invalid, '_');
  if (safe.length === 0) safe = '_';
  if (rule.letterFirst && !/^[a-zA-Z_]/.test(safe)) safe = `_${safe}`;
  if (safe.length > rule.maxLength) safe = `${safe.slice(0, rule.maxLength - 8)}_${hash(name)}`;
  return safe;
}

interface RegisteredName {
  readonly original: string;
  /** Another tool with the same declared name was exported: the mapping is no longer unique. */
  readonly ambiguous: boolean;
}

const registries: Readonly<Record<AdapterProvider, Map<string, RegisteredName>>> = {
  openai: new Map(),
  anthropic: new Map(),
  gemini: new Map(),
};

/**
 * Remembers which tool a changed declared name stands for, so parsers can map calls back.
 *
 * @example
 * ```ts
 * registerProviderName('openai', 'geo_lookup', 'geo.lookup');
 * originalToolName('openai', 'geo_lookup'); // 'geo.lookup'
 * ```
 */
export function registerProviderName(provider: AdapterProvider, declared: string, original: string): void {
  const registry = registries[provider];
  const known = registry.get(declared);
  if (known === undefined) registry.set(declared, { original, ambiguous: false });
  else if (known.original !== original) registry.set(declared, { original, ambiguous: true });
}

/**
 * The tool name a provider call refers to. With `tools`, only those tools are considered; otherwise the
 * names this process exported are. Names that were never changed, or that are ambiguous, stay as they are.
 *
 * @example
 * ```ts
 * originalToolName('openai', 'geo_lookup'); // 'geo.lookup' once exported, else 'geo_lookup'
 * ```
 */
export function originalToolName(
  provider: AdapterProvider,
  declared: string,
  tools?: ReadonlyMap<string, { readonly name: string }>,
): string {
  if (tools !== undefined) return tools.get(declared)?.name ?? declared;
  const known = registries[provider].get(declared);
  return known === undefined || known.ambiguous ? declared : known.original;
}
