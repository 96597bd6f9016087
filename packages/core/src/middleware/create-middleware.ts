import { ToolboxError } from '../errors/armorer-error';
import type { ToolConfiguration } from '../tool/types';

/** A replacement configuration: any subset of fields, merged over the incoming configuration. */
export type ToolConfigurationPatch = Partial<ToolConfiguration>;

/**
 * Transforms tool configurations when they are registered with a toolbox, so a call pays nothing for
 * middleware that does not touch its tool. Return a patch (merged over the configuration) or nothing.
 */
export interface ToolMiddleware {
  readonly kind: 'armorer.middleware';
  readonly specificationVersion: 'v1';
  readonly name: string;
  transform(configuration: ToolConfiguration): ToolConfigurationPatch | undefined | void;
}

/** The function form accepted by {@link createMiddleware}. */
export type ToolMiddlewareFunction = (
  configuration: ToolConfiguration,
) => ToolConfigurationPatch | undefined | void;

/**
 * Creates a middleware from a transform function.
 *
 * @example
 * ```ts
 * const logged = createMiddleware((configuration) => ({
 *   execute: async (params, context) => {
 *     console.log('calling', configuration.name);
 *     return configuration.execute(params, context);
 *   },
 * }));
 * const toolbox = createToolbox([addNumbers], { middleware: [logged] });
 * ```
 */
export function createMiddleware(
  transform: ToolMiddlewareFunction | { readonly name?: string; readonly transform: ToolMiddlewareFunction },
): ToolMiddleware {
  const fn = typeof transform === 'function' ? transform : transform?.transform;
  if (typeof fn !== 'function') {
    throw new ToolboxError({
      code: 'INVALID_MIDDLEWARE',
      message: 'createMiddleware() expects a transform function.',
    });
  }
  const name =
    typeof transform === 'function' ? transform.name || 'middleware' : (transform.name ?? 'middleware');
  return Object.freeze({ kind: 'armorer.middleware', specificationVersion: 'v1', name, transform: fn });
}

/** True for values made by {@link createMiddleware}. */
export function isMiddleware(value: unknown): value is ToolMiddleware {
  return (
    typeof value === 'object' && value !== null && (value as ToolMiddleware).kind === 'armorer.middleware'
  );
}
