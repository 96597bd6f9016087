import type { ProviderName } from './provider-exporters';

/**
 * A provider adapter module as the lazy exporters use it: `to<Provider>Tools` and `from<Provider>Tools`
 * (`toOpenAITools`, `fromOpenAITools`, ...). The adapter packages' namespaces have this shape.
 */
export type ProviderAdapterModule = Readonly<Record<string, unknown>>;

const registered = new Map<ProviderName, ProviderAdapterModule>();
const PROVIDERS: ReadonlySet<string> = new Set(['openai', 'anthropic', 'gemini']);

/**
 * Registers a provider adapter for the lazy exporters (`toolbox.toOpenAITools()`,
 * `createToolbox.fromOpenAITools(...)` and their Anthropic and Gemini twins). Without a registration they
 * load the adapter package by name on first use, which Bun and Node resolve at run time; a browser bundle
 * cannot follow a package name chosen at run time, so there the application registers the adapter it
 * imports: a static import every bundler sees, and only the adapters it uses are bundled. Returns a function
 * that restores the previous registration (tests, hot reload).
 *
 * @example
 * ```ts
 * import { createToolbox, registerProviderAdapter } from 'armorer';
 * import * as openai from 'armorer/adapters/openai';
 *
 * registerProviderAdapter('openai', openai);
 * const declarations = await createToolbox([addNumbers]).toOpenAITools();
 * ```
 */
export function registerProviderAdapter(provider: ProviderName, adapter: ProviderAdapterModule): () => void {
  if (!PROVIDERS.has(provider)) {
    throw new TypeError(
      `Unknown provider ${JSON.stringify(provider)}; expected openai, anthropic or gemini.`,
    );
  }
  if (typeof adapter !== 'object' || adapter === null) {
    throw new TypeError('registerProviderAdapter() expects the adapter module (its namespace object).');
  }
  const previous = registered.get(provider);
  registered.set(provider, adapter);
  return () => {
    if (registered.get(provider) !== adapter) return;
    if (previous === undefined) registered.delete(provider);
    else registered.set(provider, previous);
  };
}

/** The adapter registered for a provider, if any. @internal */
export function registeredAdapter(provider: ProviderName): ProviderAdapterModule | undefined {
  return registered.get(provider);
}
