import { ToolboxError } from '../errors/armorer-error';
import { isMiddleware, type ToolMiddleware } from '../middleware/create-middleware';
import { buildTool, toolInternals } from '../tool/create-tool';
import { normalizeToolConfig } from '../tool/normalize-config';
import type { AnyTool, ToolConfiguration } from '../tool/types';

/**
 * Runs a tool's configuration through the toolbox middleware, in order. Returns the tool itself when no
 * middleware changed anything, otherwise a new tool that shares the original's listeners.
 */
export function applyMiddleware(tool: AnyTool, middleware: readonly ToolMiddleware[] | undefined): AnyTool {
  if (middleware === undefined || middleware.length === 0) return tool;
  const original = toolInternals(tool);
  let configuration: ToolConfiguration = original.configuration;
  for (const item of middleware) {
    if (!isMiddleware(item)) {
      throw new ToolboxError({
        code: 'INVALID_MIDDLEWARE',
        message: 'Toolbox middleware must be created with createMiddleware().',
      });
    }
    const patch = item.transform(configuration);
    if (patch === undefined || patch === null || patch === configuration) continue;
    configuration = normalizeToolConfig({
      ...configuration,
      input: undefined,
      ...patch,
      schema: patch.schema ?? configuration.schema,
    });
  }
  return configuration === original.configuration ? tool : buildTool(configuration, original.emitter);
}
