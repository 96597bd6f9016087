import {
  type AnyTool,
  ArmorerError,
  createToolbox,
  type DeclarationImportFailure,
  type ProviderImportOptions,
  type SerializedTool,
  type Toolbox,
  type ToolMetadata,
} from '@armorer/core';
import { ProviderAdapterError } from '../errors/provider-adapter-error';
import { isJsonObject, type JsonSchema } from '../schema/json-schema';
import { normalizeParameterSchema } from '../schema/normalize-schema';

/** One provider declaration, read into armorer's terms (the schema not yet normalized). */
export interface DeclaredTool {
  readonly name: string;
  readonly description: string;
  /** The declaration's parameter schema, in whatever dialect the provider uses. */
  readonly parameters: unknown;
  readonly metadata?: ToolMetadata;
}

/**
 * A declaration that cannot be read.
 *
 * @example
 * ```ts
 * throw invalidDeclaration('fromOpenAITools', 3, 'has no "name" string');
 * ```
 */
export function invalidDeclaration(importer: string, index: number, message: string): ProviderAdapterError {
  return new ProviderAdapterError({
    code: 'INVALID_DECLARATION',
    message: `${importer}(): declaration ${index} ${message}.`,
  });
}

/**
 * Reads `name` and `description` of a declaration object, or explains what is wrong.
 *
 * @example
 * ```ts
 * const { name, description } = readNameAndDescription('fromOpenAITools', 0, declaration);
 * ```
 */
export function readNameAndDescription(
  importer: string,
  index: number,
  value: JsonSchema,
): { readonly name: string; readonly description: string } {
  const name = value['name'];
  if (typeof name !== 'string' || name.length === 0) {
    throw invalidDeclaration(importer, index, 'has no "name" string');
  }
  const description = value['description'];
  if (description !== undefined && description !== null && typeof description !== 'string') {
    throw invalidDeclaration(importer, index, `("${name}") has a "description" that is not a string`);
  }
  return { name, description: typeof description === 'string' ? description : '' };
}

/**
 * Checks that an importer was given a list of objects.
 *
 * @example
 * ```ts
 * const items = declarationList('fromGeminiTools', declarations);
 * ```
 */
export function declarationList(importer: string, declarations: unknown): readonly JsonSchema[] {
  const list = declarationArray(importer, declarations);
  for (const [index, item] of list.entries()) {
    if (!isJsonObject(item)) throw invalidDeclaration(importer, index, 'is not an object');
  }
  return list as readonly JsonSchema[];
}

/**
 * Checks that an importer was given a list (its items are read one by one, see `importTools`).
 *
 * @example
 * ```ts
 * const items = declarationArray('fromOpenAITools', declarations);
 * ```
 */
export function declarationArray(importer: string, declarations: unknown): readonly unknown[] {
  if (!Array.isArray(declarations)) {
    throw new ProviderAdapterError({
      code: 'INVALID_DECLARATION',
      message: `${importer}() expects an array of declarations.`,
    });
  }
  return declarations;
}

/**
 * The declaration at `index` as an object, or a clear error.
 *
 * @example
 * ```ts
 * const declaration = declarationObject('fromAnthropicTools', item, 0);
 * ```
 */
export function declarationObject(importer: string, item: unknown, index: number): JsonSchema {
  if (!isJsonObject(item)) throw invalidDeclaration(importer, index, 'is not an object');
  return item;
}

/** Reads one declaration of an importer's list (throws a `ProviderAdapterError` when it cannot). */
export type DeclarationReader = (item: unknown, index: number) => DeclaredTool;

function failureOf(index: number, tool: string | undefined, error: unknown): DeclarationImportFailure {
  if (ArmorerError.isInstance(error)) {
    const path = (error as { path?: unknown }).path;
    return {
      index,
      tool,
      path: typeof path === 'string' ? path : '',
      code: error.code,
      message: error.message,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { index, tool, path: '', code: 'INVALID_DECLARATION', message };
}

function report(
  importer: string,
  failures: readonly DeclarationImportFailure[],
  options: ImportOptions,
): void {
  if (failures.length === 0) return;
  if (options.invalidDeclarations === 'throw') {
    throw new ProviderAdapterError({
      code: 'INVALID_DECLARATION',
      failures,
      message:
        `${importer}(): ${failures.length} declaration(s) cannot be imported:\n` +
        failures.map((failure) => `- ${failure.message}`).join('\n'),
    });
  }
  if (options.onInvalidDeclarations !== undefined) options.onInvalidDeclarations(failures);
  else {
    console.warn(
      `${importer}(): ${failures.length} declaration(s) skipped:\n` +
        failures.map((failure) => `- ${failure.message}`).join('\n'),
    );
  }
}

type ImportOptions = ProviderImportOptions;

/**
 * Builds a toolbox from provider declarations: each declaration is read, its parameter schema normalized
 * to JSON Schema and converted with Zod 4's own `z.fromJSONSchema` (by core's hydration), so arguments
 * are validated; the implementations come from `options.getTool`. Each declaration stands alone: one that
 * cannot be imported is left out and reported (`options.onInvalidDeclarations`, else `console.warn`)
 * with its index, name and the JSON Pointer of the problem, unless `options.invalidDeclarations` is
 * `'throw'`. The remaining options are toolbox options.
 *
 * @example
 * ```ts
 * const toolbox = importTools('fromOpenAITools', declarations, readDeclaration, {
 *   getTool,
 *   onInvalidDeclarations: (failures) => console.warn(failures),
 * });
 * ```
 */
export function importTools(
  importer: string,
  items: readonly unknown[],
  read: DeclarationReader,
  options: ImportOptions | undefined,
): Toolbox {
  const settings = options ?? {};
  const { invalidDeclarations: _mode, onInvalidDeclarations: _report, ...toolboxOptions } = settings;
  const failures: DeclarationImportFailure[] = [];
  const tools: AnyTool[] = [];
  const names = new Set<string>();
  for (let index = 0; index < items.length; index++) {
    let name: string | undefined;
    try {
      const tool = read(items[index], index);
      name = tool.name;
      if (names.has(name)) {
        throw new ProviderAdapterError({
          code: 'DUPLICATE_NAME',
          message: `${importer}(): declaration ${index} ("${name}") repeats the name of an earlier declaration.`,
        });
      }
      const item: { -readonly [K in keyof SerializedTool]: SerializedTool[K] } = {
        name,
        description: tool.description,
        tags: [],
        input: normalizeParameterSchema(name, tool.parameters) as Record<string, unknown>,
      };
      if (tool.metadata !== undefined) item.metadata = tool.metadata;
      const hydrated = createToolbox([item], toolboxOptions).tools()[0] as AnyTool;
      names.add(name);
      tools.push(hydrated);
    } catch (error) {
      failures.push(failureOf(index, name, error));
    }
  }
  report(importer, failures, settings);
  return createToolbox(tools, toolboxOptions) as unknown as Toolbox;
}
