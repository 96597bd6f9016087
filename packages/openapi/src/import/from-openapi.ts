import {
  createTool,
  createToolbox,
  createToolError,
  describeThrown,
  type Toolbox,
  type ToolboxOptions,
  type ToolCallContext,
  ToolFailureError,
} from '@armorer/core';
import { OpenAPIError } from '../errors/openapi-error';
import { HTTP_METHODS } from '../openapi-constants';
import { encodePointerSegment, isObject, type JsonObject } from '../schema/json';
import { SchemaNormalizer } from '../schema/normalize-schema';
import { checkDocumentSize, checkOperationCount, type ImportLimits, readLimits } from './document-limits';
import { prepareRequest } from './http-request';
import { httpFailure, readBody } from './http-response';
import { lazyInputSchema } from './lazy-input-schema';
import { operationMetadata } from './operation-metadata';
import { type OperationPlan, planOperation } from './operation-plan';
import { type BaseUrl, pathKeyProblem, readBaseUrl } from './request-url';
import { type OpenAPIWarning, WarningList } from './warnings';

/** The `fetch` a tool calls: the global one by default; inject one for tests, proxies or auth. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/** What `include`, `exclude` and `headers` functions see of an operation. */
export interface OpenAPIOperationInfo {
  /** The tool name: the operationId, or `<method>_<path>` when there is none. */
  readonly name: string;
  readonly operationId: string | undefined;
  /** Upper case, e.g. `GET`. */
  readonly method: string;
  readonly path: string;
  readonly tags: readonly string[];
}

/** Operations to keep or drop: tool names, operationIds or `METHOD /path` strings, or a predicate. */
export type OperationFilter = readonly string[] | ((operation: OpenAPIOperationInfo) => boolean);

/** Headers sent with every request (credentials, for example), or a function returning them per call. */
export type HeadersOption =
  | Readonly<Record<string, string>>
  | ((
      operation: OpenAPIOperationInfo,
    ) => Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>>);

/** Options of {@link fromOpenAPI}. */
export interface FromOpenAPIOptions {
  /** Absolute URL the document's paths are appended to, e.g. `https://api.example.com/v1`. */
  readonly baseUrl: string;
  readonly fetch?: FetchFunction;
  readonly headers?: HeadersOption;
  readonly include?: OperationFilter;
  readonly exclude?: OperationFilter;
  /** Per-request deadline in milliseconds (the call's own timeout and signal are always honoured too). */
  readonly timeoutMs?: number;
  /**
   * Largest response body a call reads, in bytes (default 4 MiB); past it the call fails with
   * `EXECUTION_FAILED` and `details.reason: 'RESPONSE_TOO_LARGE'`.
   */
  readonly maxResponseBytes?: number;
  /** Most operations imported, counted after `include`/`exclude` (default 2,000); past it the import throws. */
  readonly maxOperations?: number;
  /** Largest document accepted, measured as JSON text (default 32 MiB); past it the import throws. */
  readonly maxDocumentBytes?: number;
  /** Options of the toolbox the tools are registered in (policy, middleware, readOnly, ...). */
  readonly toolbox?: ToolboxOptions;
}

/** What {@link fromOpenAPI} returns: the tools in a toolbox, and what was skipped or loosened. */
export interface OpenAPIImport {
  readonly toolbox: Toolbox;
  readonly warnings: readonly OpenAPIWarning[];
}

function readDocument(document: unknown): JsonObject {
  if (!isObject(document)) {
    throw new OpenAPIError({
      code: 'INVALID_DOCUMENT',
      message: 'fromOpenAPI() expects an OpenAPI document object (parse YAML or JSON first).',
    });
  }
  const version = document['openapi'];
  if (typeof version !== 'string' || !/^3\.[01]\./.test(version)) {
    const swagger =
      typeof document['swagger'] === 'string'
        ? ` Swagger ${document['swagger']} must be converted to OpenAPI 3 first.`
        : '';
    throw new OpenAPIError({
      code: 'INVALID_DOCUMENT',
      message: `fromOpenAPI() supports OpenAPI 3.0 and 3.1 documents; "openapi" is ${JSON.stringify(version) ?? 'missing'}.${swagger}`,
    });
  }
  if (document['paths'] !== undefined && !isObject(document['paths'])) {
    throw new OpenAPIError({
      code: 'INVALID_DOCUMENT',
      message: 'The document\'s "paths" must be an object.',
    });
  }
  return document;
}

function matches(filter: OperationFilter, info: OpenAPIOperationInfo): boolean {
  if (typeof filter === 'function') return filter(info);
  const route = `${info.method} ${info.path}`;
  return filter.some((entry) => entry === info.name || entry === info.operationId || entry === route);
}

/** A tool name from the operationId (whitespace replaced) or from the method and path. */
export function toolName(operationId: unknown, method: string, path: string): string {
  const base =
    typeof operationId === 'string' && operationId.trim() !== ''
      ? operationId.trim().replace(/[\p{Cc}\s]+/gu, '_')
      : `${method}_${path}`
          .replace(/[^A-Za-z0-9_.-]+/g, '_')
          .replace(/_+/g, '_')
          .replace(/_$/, '');
  return base.slice(0, 240);
}

function describeOperation(operation: JsonObject, method: string, path: string): string {
  const summary = typeof operation['summary'] === 'string' ? operation['summary'].trim() : '';
  const description = typeof operation['description'] === 'string' ? operation['description'].trim() : '';
  if (summary && description && !description.startsWith(summary)) return `${summary}\n\n${description}`;
  return description || summary || `${method.toUpperCase()} ${path}`;
}

/** The implementation of one imported operation: build the request, send it, read the response. */
function createCall(
  plan: OperationPlan,
  info: OpenAPIOperationInfo,
  baseUrl: BaseUrl,
  options: FromOpenAPIOptions,
  maxResponseBytes: number,
) {
  const label = `${info.method} ${info.path}`;
  return async (params: Record<string, unknown>, context: ToolCallContext): Promise<unknown> => {
    const extra = typeof options.headers === 'function' ? await options.headers(info) : options.headers;
    const request = prepareRequest(plan, params, baseUrl, extra);
    const timeout = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
    const signal = timeout === undefined ? context.signal : AbortSignal.any([context.signal, timeout]);
    const send = options.fetch ?? globalThis.fetch;
    try {
      const response = await send(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        signal,
      });
      const body = await readBody(response, maxResponseBytes, label);
      if (!response.ok) throw httpFailure(response, body, label);
      return body;
    } catch (error) {
      if (ToolFailureError.isInstance(error) || context.signal.aborted) throw error;
      if (timeout?.aborted) {
        throw new ToolFailureError(
          createToolError('TIMEOUT', `${label} did not answer within ${options.timeoutMs} ms.`, {
            details: { timeoutMs: options.timeoutMs as number },
            cause: error,
          }),
        );
      }
      throw new ToolFailureError(
        createToolError('EXECUTION_FAILED', `${label} failed before a response: ${describeThrown(error)}`, {
          cause: error,
        }),
      );
    }
  };
}

/**
 * Turns every operation of an OpenAPI 3.0 or 3.1 document into a validated tool. Each tool's input merges
 * the operation's path, query and header parameters and its request body; `GET`/`HEAD` tools are read-only
 * and the others mutating (`metadata.mutates`), so toolbox policy (`readOnly`, `allowMutation`) governs them.
 * A call sends the HTTP request through `options.fetch`, honouring the call's signal and `timeoutMs`; a
 * non-2xx response fails the call with a `ToolError` whose `details.status` and `details.responseBody` say why.
 * Constructs that cannot be imported are listed in `warnings`; they never throw.
 *
 * @example
 * ```ts
 * const { toolbox, warnings } = fromOpenAPI(document, {
 *   baseUrl: 'https://petstore.example.com/v1',
 *   headers: { authorization: `Bearer ${token}` },
 *   include: (operation) => operation.tags.includes('pets'),
 * });
 * const pets = await toolbox.execute({ id: 'call-1', name: 'findPets', arguments: { limit: 5 } });
 * ```
 */
export function fromOpenAPI(document: unknown, options: FromOpenAPIOptions): OpenAPIImport {
  const doc = readDocument(document);
  if (!isObject(options))
    throw new OpenAPIError({
      code: 'INVALID_OPTIONS',
      message: 'fromOpenAPI() needs options with a baseUrl.',
    });
  const baseUrl = readBaseUrl(options.baseUrl);
  const limits = readLimits(options);
  checkDocumentSize(doc, limits.maxDocumentBytes);
  const warnings = new WarningList();
  const names = { imported: 0, suffixes: new Map<string, number>() };
  const credentials = new Set(
    isObject(options.headers) ? Object.keys(options.headers).map((name) => name.toLowerCase()) : [],
  );
  const normalizer = new SchemaNormalizer(doc, warnings);
  const toolbox = createToolbox([], options.toolbox);
  if (isObject(doc['webhooks'])) {
    warnings.add({
      code: 'IGNORED_CONSTRUCT',
      message: 'Webhooks are calls the API makes; they are not tools.',
      pointer: '#/webhooks',
    });
  }
  const paths = (doc['paths'] ?? {}) as JsonObject;
  for (const path of Object.keys(paths)) {
    const itemPointer = `#/paths/${encodePointerSegment(path)}`;
    const found = normalizer.dereference(paths[path], itemPointer);
    if (found === undefined || !isObject(found.value)) continue;
    const pathItem = found.value;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      const pointer = `${itemPointer}/${method}`;
      if (!isObject(operation)) {
        warnings.add({ code: 'SKIPPED_OPERATION', message: 'Not an operation object.', pointer });
        continue;
      }
      importOperation(
        { doc, options, baseUrl, credentials, normalizer, warnings, toolbox, limits, names },
        path,
        method,
        pathItem,
        operation,
        pointer,
      );
    }
  }
  return { toolbox, warnings: warnings.items };
}

interface ImportContext {
  readonly doc: JsonObject;
  readonly options: FromOpenAPIOptions;
  readonly baseUrl: BaseUrl;
  /** Lower-case names of the headers configured in `options.headers` (an object): no parameter may set them. */
  readonly credentials: ReadonlySet<string>;
  readonly normalizer: SchemaNormalizer;
  readonly warnings: WarningList;
  readonly toolbox: Toolbox;
  readonly limits: ImportLimits;
  /** How many operations were imported, and the next suffix to try for each taken name. */
  readonly names: { imported: number; readonly suffixes: Map<string, number> };
}

function importOperation(
  context: ImportContext,
  path: string,
  method: string,
  pathItem: JsonObject,
  operation: JsonObject,
  pointer: string,
): void {
  const { options, warnings, toolbox } = context;
  const operationId = typeof operation['operationId'] === 'string' ? operation['operationId'] : undefined;
  let name = toolName(operationId, method, path);
  const tags = Array.isArray(operation['tags'])
    ? operation['tags'].filter((tag): tag is string => typeof tag === 'string')
    : [];
  const info: OpenAPIOperationInfo = { name, operationId, method: method.toUpperCase(), path, tags };
  if (options.include !== undefined && !matches(options.include, info)) return;
  if (options.exclude !== undefined && matches(options.exclude, info)) return;
  // A path key is appended to the baseUrl, which carries the operator's credentials: one that could move
  // the request to another host or out of the base path is never imported.
  const pathProblem = pathKeyProblem(context.baseUrl, path);
  if (pathProblem !== undefined) {
    warnings.add({ code: 'SKIPPED_OPERATION', message: pathProblem, pointer, tool: name });
    return;
  }
  checkOperationCount(++context.names.imported, context.limits.maxOperations);
  if (toolbox.has(name)) {
    const base = name;
    // The next suffix is remembered per name, so many operations sharing one name cost linear time.
    let suffix = context.names.suffixes.get(base) ?? 2;
    for (name = `${base}_${suffix}`; toolbox.has(name); name = `${base}_${suffix}`) suffix++;
    context.names.suffixes.set(base, suffix + 1);
    warnings.add({
      code: 'RENAMED_OPERATION',
      message: `Tool name "${base}" is taken; this operation is "${name}".`,
      pointer,
      tool: name,
    });
  }
  for (const key of ['callbacks', 'links'] as const) {
    if (operation[key] !== undefined) {
      warnings.add({
        code: 'IGNORED_CONSTRUCT',
        message: `"${key}" describe calls the API makes; ignored.`,
        pointer: `${pointer}/${key}`,
        tool: name,
      });
    }
  }
  const plan = planOperation(
    { normalizer: context.normalizer, warnings, tool: name, credentials: context.credentials },
    method,
    path,
    pathItem,
    operation,
    pointer,
  );
  const { metadata: base, risk } = operationMetadata(
    operation,
    { method: info.method, path, operationId, pointer, tool: name },
    warnings,
  );
  const metadata = plan.output === undefined ? base : { ...base, outputSchema: plan.output };
  try {
    const tool = createTool({
      name,
      description: describeOperation(operation, method, path),
      tags,
      metadata,
      ...(risk === undefined ? {} : { risk }),
      input: lazyInputSchema(name, plan.input),
      execute: createCall(plan, { ...info, name }, context.baseUrl, options, context.limits.maxResponseBytes),
    });
    toolbox.register(tool);
  } catch (error) {
    warnings.add({
      code: 'SKIPPED_OPERATION',
      message: `The operation could not become a tool: ${describeThrown(error)}`,
      pointer,
      tool: name,
    });
  }
}
