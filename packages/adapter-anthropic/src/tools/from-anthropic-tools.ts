import {
  type DeclaredTool,
  declarationArray,
  declarationObject,
  importTools,
  invalidDeclaration,
  readNameAndDescription,
} from '@armorer/adapter-shared';
import type { ProviderImportOptions, Toolbox } from '@armorer/core';

const IMPORTER = 'fromAnthropicTools';

/**
 * Imports Anthropic tool declarations (`{ name, description, input_schema, strict }`) into a toolbox whose
 * tools validate their arguments (a `strict` flag is kept as `metadata.anthropic.strict`). Server tools (with a `type` other than `custom`) cannot be imported.
 * Implementations come from `options.getTool`; the other options are toolbox options.
 *
 * @example
 * ```ts
 * const toolbox = fromAnthropicTools(tools, {
 *   getTool: (configuration) => async (params) => callBackend(configuration.name, params),
 * });
 * ```
 */
export function fromAnthropicTools(
  declarations: readonly unknown[],
  options?: ProviderImportOptions,
): Toolbox {
  return importTools(IMPORTER, declarationArray(IMPORTER, declarations), readDeclaration, options);
}

function readDeclaration(value: unknown, index: number): DeclaredTool {
  const item = declarationObject(IMPORTER, value, index);
  {
    const type = item['type'];
    if (type !== undefined && type !== null && type !== 'custom') {
      throw invalidDeclaration(
        IMPORTER,
        index,
        `has type ${JSON.stringify(type)}; only custom tools can be imported`,
      );
    }
    const { name, description } = readNameAndDescription(IMPORTER, index, item);
    if (!('input_schema' in item))
      throw invalidDeclaration(IMPORTER, index, `("${name}") has no "input_schema"`);
    const declared: DeclaredTool = { name, description, parameters: item['input_schema'] };
    const strict = item['strict'];
    // A strict flag stays with the tool, so it is declared the same way when exported again.
    return typeof strict === 'boolean' ? { ...declared, metadata: { anthropic: { strict } } } : declared;
  }
}
