import {
  type AnyTool,
  getToolboxRevision,
  isToolbox,
  type ToolConfiguration,
  toolInputJsonSchema,
} from '@armorer/core';
import { ProviderAdapterError } from '../errors/provider-adapter-error';
import { providerToolName, registerProviderName } from '../names/provider-names';
import { deepFreeze } from '../schema/copy-schema';
import type { JsonSchema } from '../schema/json-schema';
import { normalizeSharedSchema } from '../schema/normalize-schema';
import { resolveTools } from '../tools/resolve-tools';
import {
  type AdapterProvider,
  type ConversionReportOptions,
  type ConversionWarning,
  PROVIDER_LABEL,
  WarningCollector,
} from './warnings';

/** What a provider's converter receives for one tool. */
export interface ToolConversionInput {
  readonly configuration: ToolConfiguration;
  /** The tool's input JSON Schema, as core serializes it (never modify it). */
  readonly schema: JsonSchema;
  /** The name to declare the tool under (the tool's own name when it fits the provider's rules). */
  readonly declaredName: string;
  readonly collector: WarningCollector;
}

/** How one provider exports tools. */
export interface ExportSpec<TDeclaration, TOptions> {
  readonly provider: AdapterProvider;
  /** The public exporter's name, for error messages. */
  readonly exporter: string;
  /** The option values that change one tool's declaration, as a short cache key (e.g. `'strict'`). */
  readonly variant: (configuration: ToolConfiguration, options: TOptions) => string;
  /** Every option value that can change any declaration, as a key (e.g. `'strict:true'`). */
  readonly optionsKey: (options: TOptions) => string;
  readonly convert: (input: ToolConversionInput, variant: string) => TDeclaration;
  /**
   * A fresh copy of a cached declaration's first two levels, for each caller (official SDKs rewrite
   * them in place: the Gemini SDK replaces `parameters`). Defaults to a generic copy; an object literal
   * of the provider's known fields is several times faster.
   */
  readonly handOut?: (declaration: TDeclaration) => TDeclaration;
}

interface CachedExport {
  readonly declaration: Readonly<Record<string, unknown>>;
  /** Keys whose values are objects: copied for each caller (see `handOut`). */
  readonly objectKeys: readonly string[];
  readonly declaredName: string;
  readonly warnings: readonly ConversionWarning[];
}

/** One exporter's declarations per option variant, then per tool configuration. */
type ExportCache = Map<string, WeakMap<ToolConfiguration, CachedExport>>;

// Tools are immutable: a configuration object never changes, so its declaration can be cached for as long
// as the configuration lives. A changed tool is a new configuration and is converted afresh. One cache
// per exporter, keyed by option variant, then by configuration.
const caches = new WeakMap<object, ExportCache>();

function convertTool<TDeclaration, TOptions>(
  spec: ExportSpec<TDeclaration, TOptions>,
  configuration: ToolConfiguration,
  variant: string,
): CachedExport {
  const declaredName = providerToolName(spec.provider, configuration.name);
  const collector = new WarningCollector(spec.provider, configuration.name);
  if (declaredName !== configuration.name) {
    collector.add(
      'NAME_CHANGED',
      '',
      undefined,
      `Tool name "${configuration.name}" does not fit ${PROVIDER_LABEL[spec.provider]}'s name rules; it is ` +
        `declared as "${declaredName}" and calls to that name are mapped back by the parser.`,
    );
  }
  registerProviderName(spec.provider, declaredName, configuration.name);
  const schema = exportableSchema(configuration, collector);
  const declaration = spec.convert({ configuration, schema, declaredName, collector }, variant) as Record<
    string,
    unknown
  >;
  // Only the generic hand-out reads them; an exporter with its own `handOut` never does.
  const objectKeys =
    spec.handOut === undefined
      ? Object.keys(declaration).filter((key) => {
          const value = declaration[key];
          return typeof value === 'object' && value !== null && !Array.isArray(value);
        })
      : [];
  return { declaration: deepFreeze(declaration), objectKeys, declaredName, warnings: collector.warnings };
}

/**
 * The tool's input JSON Schema in the one dialect every converter reads: draft 2020-12 bounds, references
 * only to `#` and `#/$defs/...`, `properties` on the root object. Schemas made by Zod already are; tools
 * hydrated from JSON may carry draft-4 forms or other pointers. A schema that cannot be normalized is
 * returned as it is, with a warning to the collector.
 *
 * @example
 * ```ts
 * const schema = exportableSchema(tool.configuration, new WarningCollector('openai', tool.name));
 * ```
 */
export function exportableSchema(configuration: ToolConfiguration, collector: WarningCollector): JsonSchema {
  const schema = toolInputJsonSchema(configuration.schema);
  try {
    return normalizeSharedSchema(configuration.name, schema);
  } catch (error) {
    collector.add(
      'UNSUPPORTED_KEYWORD',
      ProviderAdapterError.isInstance(error) ? (error.path ?? '') : '',
      undefined,
      `The schema of tool "${configuration.name}" could not be normalized (${
        error instanceof Error ? error.message : String(error)
      }); it is declared as it is.`,
    );
    return schema;
  }
}

/**
 * A copy of a cached declaration whose first two levels are the caller's own: official SDKs rewrite
 * them in place (the Gemini SDK replaces `parameters`), which must never reach the cache. Deeper levels
 * stay shared and frozen.
 */
function handOut(entry: CachedExport): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...entry.declaration };
  for (const key of entry.objectKeys) copy[key] = { ...(entry.declaration[key] as object) };
  return copy;
}

interface ResolvedExport {
  readonly entries: readonly CachedExport[];
  /** The entries' warnings in order, gathered when a caller asks for them (`null` until then). */
  warnings: readonly ConversionWarning[] | undefined | null;
}

interface ToolboxMemo extends ResolvedExport {
  readonly revision: number;
}

/** All the warnings of some entries, in order; `undefined` when there are none. */
function gatherWarnings(entries: readonly CachedExport[]): ConversionWarning[] | undefined {
  let warnings: ConversionWarning[] | undefined;
  for (const entry of entries) {
    if (entry.warnings.length > 0) {
      warnings ??= [];
      warnings.push(...entry.warnings);
    }
  }
  return warnings;
}

// The last export of each toolbox per exporter and option key: a toolbox whose tools did not change
// (same revision) skips the per-tool lookups and the name check entirely.
const toolboxMemos = new WeakMap<object, Map<string, ToolboxMemo>>();

function resolveEntries<TDeclaration, TOptions>(
  spec: ExportSpec<TDeclaration, TOptions>,
  tools: readonly AnyTool[],
  options: TOptions,
): ResolvedExport {
  let cache = caches.get(spec);
  if (cache === undefined) {
    cache = new Map();
    caches.set(spec, cache);
  }
  const entries = new Array<CachedExport>(tools.length);
  const owners = new Map<string, string>();
  // Tools of one export mostly share a variant: its cache is looked up again only when it changes.
  let lastVariant: string | undefined;
  let byConfiguration: WeakMap<ToolConfiguration, CachedExport> | undefined;
  for (let index = 0; index < tools.length; index++) {
    const configuration = (tools[index] as AnyTool).configuration;
    const variant = spec.variant(configuration, options);
    if (variant !== lastVariant || byConfiguration === undefined) {
      byConfiguration = cache.get(variant);
      if (byConfiguration === undefined) {
        byConfiguration = new WeakMap();
        cache.set(variant, byConfiguration);
      }
      lastVariant = variant;
    }
    let entry = byConfiguration.get(configuration);
    if (entry === undefined) {
      entry = convertTool(spec, configuration, variant);
      byConfiguration.set(configuration, entry);
    }
    const owner = owners.get(entry.declaredName);
    if (owner !== undefined) {
      throw new ProviderAdapterError({
        code: 'DUPLICATE_DECLARED_NAME',
        message:
          `${spec.exporter}(): tools "${owner}" and "${configuration.name}" would both be declared to ` +
          `${PROVIDER_LABEL[spec.provider]} as "${entry.declaredName}". Rename one of them.`,
      });
    }
    owners.set(entry.declaredName, configuration.name);
    entries[index] = entry;
  }
  return { entries, warnings: null };
}

function toolboxExport<TDeclaration, TOptions>(
  spec: ExportSpec<TDeclaration, TOptions>,
  toolbox: object,
  options: TOptions,
): ResolvedExport {
  const revision = getToolboxRevision(toolbox);
  const key = `${spec.exporter}\u0000${spec.optionsKey(options)}`;
  let memos = toolboxMemos.get(toolbox);
  const memo = memos?.get(key);
  if (memo !== undefined && memo.revision === revision) return memo;
  const resolved = resolveEntries(spec, resolveTools(toolbox, spec.exporter), options);
  if (memos === undefined) {
    memos = new Map();
    toolboxMemos.set(toolbox, memos);
  }
  const fresh: ToolboxMemo = { entries: resolved.entries, warnings: null, revision };
  memos.set(key, fresh);
  return fresh;
}

/**
 * Exports tools to provider declarations: one declaration per tool, in order, converted once per tool
 * configuration and option variant and then served from a cache (each call hands out fresh top-level
 * objects over shared, frozen schemas; a toolbox whose tools did not change is answered from its last
 * export). Reports conversion warnings through `options.onWarnings` and refuses two tools that would
 * share a declared name.
 *
 * @example
 * ```ts
 * const declarations = exportTools(openAISpec, toolbox, { strict: true }); // what toOpenAITools() does
 * ```
 */
export function exportTools<TDeclaration, TOptions extends ConversionReportOptions>(
  spec: ExportSpec<TDeclaration, TOptions>,
  source: unknown,
  options: TOptions,
): TDeclaration[] {
  const resolved = isToolbox(source)
    ? toolboxExport(spec, source, options)
    : resolveEntries(spec, resolveTools(source, spec.exporter), options);
  const entries = resolved.entries;
  const declarations = new Array<TDeclaration>(entries.length);
  const copy = spec.handOut;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as CachedExport;
    declarations[index] =
      copy === undefined ? (handOut(entry) as TDeclaration) : copy(entry.declaration as TDeclaration);
  }
  const report = options.onWarnings;
  if (report !== undefined) {
    // Gathered once per resolved export (a toolbox's memo keeps them), and only for a caller who listens.
    if (resolved.warnings === null) resolved.warnings = gatherWarnings(entries);
    if (resolved.warnings !== undefined) report(resolved.warnings);
  }
  return declarations;
}
