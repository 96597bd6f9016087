/**
 * @armorer/openapi: a toolbox as an OpenAPI 3.1 document served by a fetch-style handler, and any
 * OpenAPI 3.0 or 3.1 document as a toolbox of validated HTTP tools.
 *
 * @example
 * ```ts
 * import { fromOpenAPI } from '@armorer/openapi';
 *
 * const { toolbox, warnings } = fromOpenAPI(document, { baseUrl: 'https://api.example.com' });
 * ```
 *
 * @module
 */
export type { OpenAPIErrorCode } from './errors/openapi-error';
export { OpenAPIError } from './errors/openapi-error';
export type {
  ExportableToolbox,
  OpenAPIDocument,
  OpenAPIInfo,
  OpenAPIServer,
  ToOpenAPIOptions,
  ToOpenAPIWarning,
} from './export/to-openapi';
export { toOpenAPI } from './export/to-openapi';
export type {
  OpenAPIHandler,
  OpenAPIHandlerOptions,
  RequestCallOptions,
  ServableToolbox,
} from './handler/create-openapi-handler';
export { createOpenAPIHandler } from './handler/create-openapi-handler';
export type {
  FetchFunction,
  FromOpenAPIOptions,
  HeadersOption,
  OpenAPIImport,
  OpenAPIOperationInfo,
  OperationFilter,
} from './import/from-openapi';
export { fromOpenAPI } from './import/from-openapi';
export type { BinaryResult } from './import/http-response';
export type { OpenAPIWarning, OpenAPIWarningCode } from './import/warnings';
