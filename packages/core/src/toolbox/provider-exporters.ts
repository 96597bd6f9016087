import { AdapterLoadError } from './adapter-load-error';
import { registeredAdapter } from './adapter-registry';

export { AdapterLoadError, type AdapterLoadErrorCode } from './adapter-load-error';

/** Providers with a lazy exporter on the toolbox. */
export type ProviderName = 'openai' | 'anthropic' | 'gemini';

/** A provider tool declaration, as the adapter package produces it. */
export type ProviderToolDeclaration = Readonly<Record<string, unknown>>;

/** Options passed through to an adapter's exporter (for example `{ strict: true }` for OpenAI). */
export type ProviderExportOptions = Readonly<Record<string, unknown>>;

const PACKAGES: Readonly<
  Record<ProviderName, { readonly name: string; readonly subpath: string; readonly prefix: string }>
> = {
  openai: { name: '@armorer/adapter-openai', subpath: 'armorer/adapters/openai', prefix: 'OpenAI' },
  anthropic: {
    name: '@armorer/adapter-anthropic',
    subpath: 'armorer/adapters/anthropic',
    prefix: 'Anthropic',
  },
  gemini: { name: '@armorer/adapter-gemini', subpath: 'armorer/adapters/gemini', prefix: 'Gemini' },
};

const loaded = new Map<ProviderName, Promise<Record<string, unknown>>>();

function isModuleNotFound(error: unknown, specifier: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return true;
  return typeof message === 'string' && message.includes(specifier) && /cannot find|not found/i.test(message);
}

/**
 * Loads a provider adapter on first use: the one registered with `registerProviderAdapter` (what browser
 * bundles do), else the adapter package by name, resolved at run time (Bun, Node). Core never imports
 * adapters statically, so the root package stays adapter-light and there is no dependency cycle; a
 * missing adapter fails with a message naming the package to install.
 */
export function loadAdapter(provider: ProviderName): Promise<Record<string, unknown>> {
  const target = PACKAGES[provider];
  if (target === undefined) {
    return Promise.reject(
      new AdapterLoadError({
        code: 'UNKNOWN_PROVIDER',
        message: `Unknown provider ${JSON.stringify(provider)}; expected one of ${Object.keys(PACKAGES).join(', ')}.`,
      }),
    );
  }
  const adapter = registeredAdapter(provider);
  if (adapter !== undefined) return Promise.resolve(adapter as Record<string, unknown>);
  let pending = loaded.get(provider);
  if (pending === undefined) {
    const specifier: string = target.name;
    // A package chosen at run time: bundlers are told to leave it alone (registration is their way in).
    pending = import(/* @vite-ignore */ /* webpackIgnore: true */ specifier).then(
      (module: Record<string, unknown>) => module,
      (error: unknown) => {
        loaded.delete(provider);
        if (!isModuleNotFound(error, specifier)) throw error;
        throw new AdapterLoadError({
          code: 'ADAPTER_NOT_INSTALLED',
          message:
            `The ${target.prefix} exporter needs the package ${target.name}. Install it (bun add ${target.name}) ` +
            `or the armorer meta-package, or import the adapter directly from '${target.subpath}'. ` +
            `In a browser bundle, register it: registerProviderAdapter('${provider}', await import('${target.subpath}')).`,
          cause: error,
        });
      },
    );
    loaded.set(provider, pending);
  }
  return pending;
}

/** Calls `to<Provider>Tools` or `from<Provider>Tools` of a loaded adapter. */
export async function callAdapter(
  provider: ProviderName,
  direction: 'to' | 'from',
  args: readonly unknown[],
): Promise<unknown> {
  const module = await loadAdapter(provider);
  const name = `${direction}${PACKAGES[provider].prefix}Tools`;
  const fn = module[name];
  if (typeof fn !== 'function') {
    throw new AdapterLoadError({
      code: 'ADAPTER_INVALID',
      message: `${PACKAGES[provider].name} does not export ${name}().`,
    });
  }
  return (fn as (...input: readonly unknown[]) => unknown)(...args);
}
