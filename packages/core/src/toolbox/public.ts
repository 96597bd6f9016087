import { later } from '../chunks/later';
import { ToolboxError } from '../errors/armorer-error';
import type { AnyTool, ToolLike } from '../tool/types';
import { ToolboxImpl, type ToolSource } from './create-toolbox';
import type { ProviderName } from './provider-exporters';
import type { SerializedToolbox, Toolbox, ToolboxOptions } from './types';

/** The tool union of a toolbox built from a list (any tool when the list is empty). */
export type ToolsOf<TTools extends readonly unknown[]> = [TTools[number]] extends [never]
  ? AnyTool
  : Extract<TTools[number], ToolLike>;

function createToolboxFunction(): Toolbox;
function createToolboxFunction<
  const TTools extends readonly unknown[],
  TContext extends object = Record<string, unknown>,
>(tools: TTools | SerializedToolbox, options?: ToolboxOptions<TContext>): Toolbox<ToolsOf<TTools>, TContext>;
function createToolboxFunction(
  tools?: readonly unknown[] | SerializedToolbox,
  options?: ToolboxOptions<object>,
): Toolbox {
  return createToolboxImpl(
    tools as readonly ToolSource[] | SerializedToolbox | undefined,
    options,
  ) as unknown as Toolbox;
}

/** Creates a toolbox from tools and/or serialized configurations (or a whole serialized toolbox). */
function createToolboxImpl(
  tools: readonly ToolSource[] | SerializedToolbox | undefined,
  options: ToolboxOptions<object> | undefined,
): ToolboxImpl {
  const toolbox = new ToolboxImpl(options ?? {});
  if (tools === undefined) return toolbox;
  if (Array.isArray(tools)) return toolbox.register(...tools);
  if (typeof tools === 'object' && tools !== null && Array.isArray((tools as SerializedToolbox).tools)) {
    return toolbox.register(...(tools as SerializedToolbox).tools);
  }
  throw new ToolboxError({
    code: 'INVALID_TOOL',
    message:
      'createToolbox() expects an array of tools or serialized configurations, or a serialized toolbox.',
  });
}

/** One provider declaration an import left out, and why. */
export interface DeclarationImportFailure {
  /** Position of the declaration in the list given to the importer. */
  readonly index: number;
  /** The declaration's name, when it has one. */
  readonly tool: string | undefined;
  /** JSON Pointer of the offending place in the declaration's parameter schema ('' for the whole). */
  readonly path: string;
  /** The error code (`INVALID_DECLARATION`, `REMOTE_REFERENCE`, `UNRESOLVED_REFERENCE`, ...). */
  readonly code: string;
  readonly message: string;
}

/** How the provider importers treat declarations they cannot import. */
export interface DeclarationImportOptions {
  /**
   * `'skip'` (default): import every other declaration and report the failures; `'throw'`: throw one
   * error listing every failure, importing nothing.
   */
  readonly invalidDeclarations?: 'skip' | 'throw';
  /**
   * Receives the declarations left out (once per import, only when there are any). Without it, skipped
   * declarations are reported with `console.warn`.
   */
  readonly onInvalidDeclarations?: (failures: readonly DeclarationImportFailure[]) => void;
}

/** Options of the lazy provider import helpers: toolbox options plus `getTool` for implementations. */
export type ProviderImportOptions = ToolboxOptions<Record<string, unknown>> &
  DeclarationImportOptions &
  Readonly<Record<string, unknown>>;

/** The provider adapters' loader (and its error type): only programs that import declarations load it. */
const providerExporters = /* @__PURE__ */ later(() => import('./provider-exporters'));

function importer(provider: ProviderName) {
  return async (declarations: readonly unknown[], options?: ProviderImportOptions): Promise<Toolbox> => {
    const { callAdapter } = providerExporters.module ?? (await providerExporters.load());
    return (await callAdapter(provider, 'from', [declarations, options])) as Toolbox;
  };
}

/**
 * Creates a toolbox: a registry that validates, executes, observes and composes tool calls. Accepts
 * tools, serialized tool configurations, or a serialized toolbox (hydration). `createToolbox.fromOpenAITools`,
 * `fromAnthropicTools` and `fromGeminiTools` import provider declarations, loading the adapter on first use.
 *
 * @example
 * ```ts
 * const toolbox = createToolbox([addNumbers], { context: { region: 'us-east-1' } });
 * const result = await toolbox.execute({ id: 'call-123', name: 'add-numbers', arguments: { a: 5, b: 3 } });
 * console.log(result.result); // 8
 * ```
 */
export const createToolbox: typeof createToolboxFunction & {
  /** Imports OpenAI tool declarations into a toolbox (loads `@armorer/adapter-openai`). */
  readonly fromOpenAITools: (
    declarations: readonly unknown[],
    options?: ProviderImportOptions,
  ) => Promise<Toolbox>;
  /** Imports Anthropic tool declarations into a toolbox (loads `@armorer/adapter-anthropic`). */
  readonly fromAnthropicTools: (
    declarations: readonly unknown[],
    options?: ProviderImportOptions,
  ) => Promise<Toolbox>;
  /** Imports Gemini function declarations into a toolbox (loads `@armorer/adapter-gemini`). */
  readonly fromGeminiTools: (
    declarations: readonly unknown[],
    options?: ProviderImportOptions,
  ) => Promise<Toolbox>;
} = Object.assign(createToolboxFunction, {
  fromOpenAITools: importer('openai'),
  fromAnthropicTools: importer('anthropic'),
  fromGeminiTools: importer('gemini'),
});
