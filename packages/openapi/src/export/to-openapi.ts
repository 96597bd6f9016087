import { type AnyTool, describeThrown, toolInputJsonSchema, toolOutputJsonSchema } from '@armorer/core';
import { OpenAPIError } from '../errors/openapi-error';
import { ERROR_RESPONSES } from '../handler/status';
import { ARMORER_EXTENSION } from '../openapi-constants';
import { isObject, type JsonObject, setKey } from '../schema/json';
import { type ComponentRegistry, placeSchema } from './hoist-schema';
import { TOOL_ERROR_SCHEMA, toolErrorSchema } from './tool-error-schema';

/** The `info` object of an OpenAPI document. */
export interface OpenAPIInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  readonly summary?: string;
  readonly termsOfService?: string;
  readonly contact?: Readonly<Record<string, unknown>>;
  readonly license?: Readonly<Record<string, unknown>>;
}

/** One entry of `servers`. */
export interface OpenAPIServer {
  readonly url: string;
  readonly description?: string;
}

/** A tool `toOpenAPI` left out of the document, and why. */
export interface ToOpenAPIWarning {
  readonly tool: string;
  readonly message: string;
}

/** Options of {@link toOpenAPI}. */
export interface ToOpenAPIOptions {
  readonly info: OpenAPIInfo;
  readonly servers?: readonly OpenAPIServer[];
  /** Prefix of every operation's path, e.g. `/tools` for `POST /tools/<name>`. Default: none. */
  readonly pathPrefix?: string;
  /**
   * Told about each tool left out because its input or output schema cannot be converted to JSON Schema
   * (the other tools are still described). Default `console.warn`.
   */
  readonly onWarning?: (warning: ToOpenAPIWarning) => void;
}

/** An OpenAPI 3.1 document as `toOpenAPI` makes it (plain JSON data). */
export interface OpenAPIDocument {
  readonly openapi: '3.1.0';
  readonly info: OpenAPIInfo;
  readonly servers?: readonly OpenAPIServer[];
  readonly tags?: readonly { readonly name: string }[];
  readonly paths: Readonly<Record<string, unknown>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, unknown>>;
    readonly responses: Readonly<Record<string, unknown>>;
  };
}

/** What `toOpenAPI` needs of a toolbox: its tools. */
export interface ExportableToolbox {
  tools(): readonly AnyTool[];
}

/** `/prefix` without a trailing slash (or the empty string). */
export function normalizePrefix(prefix: string | undefined): string {
  if (prefix === undefined || prefix === '' || prefix === '/') return '';
  if (typeof prefix !== 'string' || /[?#{}\s]/.test(prefix)) {
    throw new OpenAPIError({
      code: 'INVALID_OPTIONS',
      message: `pathPrefix must be a path like "/tools", got ${JSON.stringify(prefix)}.`,
    });
  }
  return `/${prefix.replace(/^\/+|\/+$/g, '')}`;
}

/** The path of a tool's operation: the prefix, then the name as one encoded path segment. */
export function operationPath(prefix: string, name: string): string {
  return `${prefix}/${encodeURIComponent(name)}`;
}

const ERROR_REFERENCES: Readonly<Record<string, JsonObject>> = Object.fromEntries(
  ERROR_RESPONSES.map(([status]) => [status, { $ref: `#/components/responses/Error${status}` }]),
);

/** The tool's output schema (its `output` option or `metadata.outputSchema`), from core's one lookup. */
function outputSchemaOf(tool: AnyTool): JsonObject | undefined {
  return toolOutputJsonSchema(tool.configuration) as JsonObject | undefined;
}

/** Always present on generated operations: it marks them as armorer tools whose metadata is their own. */
function extensionOf(tool: AnyTool): JsonObject {
  const { metadata, risk } = tool.configuration;
  const extension: JsonObject = {};
  if (metadata !== undefined) {
    // The output schema travels as the 200 response, not twice.
    if (metadata['outputSchema'] === undefined) {
      extension['metadata'] = metadata;
    } else {
      const rest: JsonObject = {};
      for (const key in metadata) if (key !== 'outputSchema') setKey(rest, key, metadata[key]);
      extension['metadata'] = rest;
    }
  }
  if (risk !== undefined) extension['risk'] = risk;
  return extension;
}

/** The 200 response and the error references, as one literal (building it key by key is slower in JSC). */
function responsesOf(schema: JsonObject): JsonObject {
  return {
    '200': { description: 'The tool result.', content: { 'application/json': { schema } } },
    '400': ERROR_REFERENCES['400'],
    '403': ERROR_REFERENCES['403'],
    '404': ERROR_REFERENCES['404'],
    '429': ERROR_REFERENCES['429'],
    '499': ERROR_REFERENCES['499'],
    '500': ERROR_REFERENCES['500'],
    '501': ERROR_REFERENCES['501'],
    '503': ERROR_REFERENCES['503'],
    '504': ERROR_REFERENCES['504'],
  };
}

function errorResponses(): JsonObject {
  const responses: JsonObject = {};
  for (const [status, description] of ERROR_RESPONSES) {
    responses[`Error${status}`] = {
      description,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${TOOL_ERROR_SCHEMA}` } } },
    };
  }
  return responses;
}

/**
 * An OpenAPI 3.1 document describing a toolbox: one `POST` operation per tool at `<pathPrefix>/<name>`,
 * whose operationId is the tool name, whose request body is the tool's input schema and whose `200`
 * response is its output schema when it declares one (`metadata.outputSchema`, a Zod or JSON Schema);
 * failures answer with the `ToolError` shape. Descriptions and tags are kept, and metadata and risk travel in
 * the `x-armorer` extension so `fromOpenAPI` restores them. `createOpenAPIHandler` serves this document.
 *
 * @example
 * ```ts
 * const document = toOpenAPI(toolbox, {
 *   info: { title: 'Calculator tools', version: '1.0.0' },
 *   servers: [{ url: 'https://tools.example.com' }],
 *   pathPrefix: '/tools',
 * });
 * document.paths['/tools/add-numbers'].post.operationId; // 'add-numbers'
 * ```
 */
export function toOpenAPI(toolbox: ExportableToolbox, options: ToOpenAPIOptions): OpenAPIDocument {
  const info = options?.info;
  if (!isObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string') {
    throw new OpenAPIError({
      code: 'INVALID_OPTIONS',
      message: 'toOpenAPI() needs info with a title and a version.',
    });
  }
  const prefix = normalizePrefix(options.pathPrefix);
  const warn =
    options.onWarning ?? ((warning: ToOpenAPIWarning) => console.warn(`armorer/openapi: ${warning.message}`));
  const registry: ComponentRegistry = {
    schemas: { [TOOL_ERROR_SCHEMA]: toolErrorSchema() },
    taken: new Set([TOOL_ERROR_SCHEMA]),
  };
  const paths: JsonObject = {};
  const tags = new Set<string>();
  for (const tool of toolbox.tools()) {
    const { name, description } = tool.configuration;
    const base = name.replace(/[^A-Za-z0-9._-]/g, '_');
    let inputJson: JsonObject;
    let output: JsonObject | undefined;
    try {
      inputJson = toolInputJsonSchema(tool.configuration.schema);
      output = outputSchemaOf(tool);
    } catch (error) {
      // One tool whose schema cannot be converted must not take the document of all the others with it.
      warn({
        tool: name,
        message: `Tool "${name}" is left out of the document: its schema cannot be converted to JSON Schema (${describeThrown(error)}).`,
      });
      continue;
    }
    const input = placeSchema(registry, inputJson, `${base}.input`);
    const operation: JsonObject = {
      operationId: name,
      description,
      requestBody: { required: true, content: { 'application/json': { schema: input } } },
      responses: responsesOf(output === undefined ? {} : placeSchema(registry, output, `${base}.output`)),
    };
    if (tool.configuration.tags.length > 0) {
      operation['tags'] = [...tool.configuration.tags];
      for (const tag of tool.configuration.tags) tags.add(tag);
    }
    operation[ARMORER_EXTENSION] = extensionOf(tool);
    setKey(paths, operationPath(prefix, name), { post: operation });
  }
  return {
    openapi: '3.1.0',
    info: { ...info },
    ...(options.servers === undefined ? {} : { servers: options.servers.map((server) => ({ ...server })) }),
    ...(tags.size === 0 ? {} : { tags: [...tags].sort().map((name) => ({ name })) }),
    paths,
    components: { schemas: registry.schemas, responses: errorResponses() },
  };
}
