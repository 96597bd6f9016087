import {
  type DeclaredTool,
  declarationArray,
  declarationObject,
  importTools,
  invalidDeclaration,
  isJsonObject,
  readNameAndDescription,
} from '@armorer/adapter-shared';
import type { ProviderImportOptions, Toolbox } from '@armorer/core';

const IMPORTER = 'fromOpenAITools';

/**
 * Imports OpenAI tool declarations into a toolbox whose tools validate their arguments. Accepts Chat
 * Completions tools (`{ type: 'function', function: { name, description, parameters, strict } }`) and bare
 * function definitions (`{ name, description, parameters }`, as in the legacy `functions` field and in
 * benchmark data, including non-standard types such as `dict`, `float`, `tuple`, `any` and
 * `optional: true`). Strict declarations keep `strict: true` (as `metadata.openai.strict`) when exported
 * again. Implementations come from `options.getTool`; the other options are toolbox options.
 *
 * @example
 * ```ts
 * const toolbox = fromOpenAITools(tools, {
 *   getTool: (configuration) => async (params) => callBackend(configuration.name, params),
 * });
 * ```
 */
export function fromOpenAITools(declarations: readonly unknown[], options?: ProviderImportOptions): Toolbox {
  return importTools(IMPORTER, declarationArray(IMPORTER, declarations), readDeclaration, options);
}

function readDeclaration(value: unknown, index: number): DeclaredTool {
  const item = declarationObject(IMPORTER, value, index);
  {
    const type = item['type'];
    if (type !== undefined && type !== 'function') {
      throw invalidDeclaration(
        IMPORTER,
        index,
        `has type ${JSON.stringify(type)}; only function tools can be imported`,
      );
    }
    const fn = isJsonObject(item['function']) ? item['function'] : item;
    const { name, description } = readNameAndDescription(IMPORTER, index, fn);
    const declared: DeclaredTool = { name, description, parameters: fn['parameters'] };
    return fn['strict'] === true ? { ...declared, metadata: { openai: { strict: true } } } : declared;
  }
}
