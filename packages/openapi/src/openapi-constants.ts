/** The HTTP methods an OpenAPI path item can hold operations for, in document order. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The extension `toOpenAPI` writes on each operation with the tool's metadata and risk, so that
 * `fromOpenAPI` restores them (a plain HTTP API has no such extension).
 */
export const ARMORER_EXTENSION = 'x-armorer';
