import {
  createToolbox,
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
  if (!Array.isArray(declarations)) {
    throw new ProviderAdapterError({
      code: 'INVALID_DECLARATION',
      message: `${importer}() expects an array of declarations.`,
    });
  }
  for (const [index, item] of declarations.entries()) {
    if (!isJsonObject(item)) throw invalidDeclaration(importer, index, 'is not an object');
  }
  return declarations as readonly JsonSchema[];
}

/**
 * Builds a toolbox from provider declarations: each parameter schema is normalized to JSON Schema and
 * converted with Zod 4's own `z.fromJSONSchema` (by core's hydration), so arguments are validated; the
 * implementations come from `options.getTool`. The remaining options are toolbox options.
 *
 * @example
 * ```ts
 * const toolbox = importTools([{ name: 'get_weather', description: '', parameters: schema }], { getTool });
 * ```
 */
export function importTools(
  tools: readonly DeclaredTool[],
  options: ProviderImportOptions | undefined,
): Toolbox {
  const serialized = tools.map((tool): SerializedTool => {
    const item: { -readonly [K in keyof SerializedTool]: SerializedTool[K] } = {
      name: tool.name,
      description: tool.description,
      tags: [],
      input: normalizeParameterSchema(tool.name, tool.parameters) as Record<string, unknown>,
    };
    if (tool.metadata !== undefined) item.metadata = tool.metadata;
    return item;
  });
  return createToolbox(serialized, options) as unknown as Toolbox;
}
