import {
  type DeclaredTool,
  declarationArray,
  declarationObject,
  importTools,
  invalidDeclaration,
  isJsonObject,
  type JsonSchema,
  readNameAndDescription,
} from '@armorer/adapter-shared';
import type { ProviderImportOptions, Toolbox } from '@armorer/core';

const IMPORTER = 'fromGeminiTools';

/** Function declarations, whether given directly or inside `Tool` objects (`{ functionDeclarations }`). */
function flatten(declarations: readonly unknown[]): readonly unknown[] {
  const out: unknown[] = [];
  for (const item of declarations) {
    const nested = isJsonObject(item) ? item['functionDeclarations'] : undefined;
    if (Array.isArray(nested)) out.push(...nested);
    else out.push(item);
  }
  return out;
}

/**
 * Imports Gemini function declarations into a toolbox whose tools validate their arguments. Reads both
 * `parameters` (OpenAPI subset: upper-case types, `nullable`, string enums and counts) and
 * `parametersJsonSchema`; `Tool` objects holding `functionDeclarations` are accepted too.
 * Implementations come from `options.getTool`; the other options are toolbox options.
 *
 * @example
 * ```ts
 * const toolbox = fromGeminiTools(functionDeclarations, {
 *   getTool: (configuration) => async (params) => callBackend(configuration.name, params),
 * });
 * ```
 */
export function fromGeminiTools(declarations: readonly unknown[], options?: ProviderImportOptions): Toolbox {
  return importTools(IMPORTER, flatten(declarationArray(IMPORTER, declarations)), readDeclaration, options);
}

function readDeclaration(value: unknown, index: number): DeclaredTool {
  const item: JsonSchema = declarationObject(IMPORTER, value, index);
  {
    const { name, description } = readNameAndDescription(IMPORTER, index, item);
    const hasParameters = isJsonObject(item['parameters']);
    const hasJson = isJsonObject(item['parametersJsonSchema']);
    if (hasParameters && hasJson) {
      throw invalidDeclaration(
        IMPORTER,
        index,
        `("${name}") sets both "parameters" and "parametersJsonSchema"`,
      );
    }
    return { name, description, parameters: hasJson ? item['parametersJsonSchema'] : item['parameters'] };
  }
}
