import { encodePointerSegment, isObject, type JsonObject, setKey } from '../schema/json';
import type { JsonSchema, SchemaNormalizer } from '../schema/normalize-schema';
import { splitPathKey } from './request-url';
import type { WarningList } from './warnings';

/** Where a parameter travels. Cookie parameters are not sent (browsers forbid setting them). */
export type ParameterLocation = 'path' | 'query' | 'header';

/** How one input property becomes part of the request. */
export interface ParameterBinding {
  /** The input property holding the value. */
  readonly property: string;
  /** The parameter's name in the request. */
  readonly name: string;
  readonly in: ParameterLocation;
  readonly style: string;
  readonly explode: boolean;
  /** `content: { 'application/json': ... }` parameters are sent as JSON text. */
  readonly json: boolean;
}

/** How the request body is encoded. */
export type BodyEncoding = 'json' | 'form' | 'multipart' | 'text';

/** How the input becomes the request body. */
export interface BodyBinding {
  readonly mediaType: string;
  readonly encoding: BodyEncoding;
  /** The input property that holds the whole body; undefined when its properties sit at the top level. */
  readonly property: string | undefined;
  readonly required: boolean;
  /** Multipart fields declared as files (`format: binary`); a string value is sent as a file part. */
  readonly files: readonly string[];
}

/** Everything a call needs to turn validated input into an HTTP request. */
export interface OperationPlan {
  readonly method: string;
  /** The document's path key, e.g. `/pets/{id}` or `/responses?beta=true`. */
  readonly path: string;
  /** The path part of the key, with its `{placeholders}`. */
  readonly template: string;
  /** The query part of the key (after `?`), sent with every request; usually empty. */
  readonly fixedQuery: string;
  readonly parameters: readonly ParameterBinding[];
  readonly body: BodyBinding | undefined;
  /** JSON Schema 2020-12 of the tool's input (self-contained: its `$defs` travel with it). */
  readonly input: JsonObject;
  /** JSON Schema of the first successful JSON response, when the operation declares one. */
  readonly output: JsonObject | undefined;
  /** The media types the operation answers with, for the `Accept` header. */
  readonly accept: string | undefined;
}

const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
const COMBINATORS = ['allOf', 'anyOf', 'oneOf', 'not', 'patternProperties', 'propertyNames', '$ref'];

/** Picks the media type a body is sent as, most useful first. */
export function chooseMediaType(
  types: readonly string[],
): { mediaType: string; encoding: BodyEncoding } | undefined {
  const lower = types.map((type) => type.toLowerCase());
  const json = lower.findIndex((type) => /^application\/(.+\+)?json\b/.test(type));
  if (json !== -1) return { mediaType: types[json] as string, encoding: 'json' };
  const form = lower.indexOf('application/x-www-form-urlencoded');
  if (form !== -1) return { mediaType: types[form] as string, encoding: 'form' };
  const multipart = lower.indexOf('multipart/form-data');
  if (multipart !== -1) return { mediaType: types[multipart] as string, encoding: 'multipart' };
  const first = types[0];
  return first === undefined ? undefined : { mediaType: first, encoding: 'text' };
}

interface PlanContext {
  readonly normalizer: SchemaNormalizer;
  readonly warnings: WarningList;
  readonly tool: string;
  /** Lower-case names of the operator's configured headers; a header parameter may not replace one. */
  readonly credentials?: ReadonlySet<string>;
}

/**
 * Reads one operation into a plan: its parameters (path-level ones merged, operation-level ones winning)
 * and its body become one input object. A plain object body is flattened into the top level when no name
 * collides and nothing would be ambiguous; any other body sits under `body`.
 */
export function planOperation(
  context: PlanContext,
  method: string,
  path: string,
  pathItem: JsonObject,
  operation: JsonObject,
  pointer: string,
): OperationPlan {
  const { normalizer, warnings, tool } = context;
  const dependencies = new Set<string>();
  const properties: JsonObject = {};
  const required: string[] = [];
  const parameters: ParameterBinding[] = [];
  const used = new Set<string>();

  for (const { raw, at } of mergedParameters(pathItem, operation, pointer, normalizer)) {
    const found = normalizer.dereference(raw, at);
    if (found === undefined) continue;
    const parameter = found.value;
    const location = isObject(parameter) ? parameter['in'] : undefined;
    const name = isObject(parameter) ? parameter['name'] : undefined;
    if (!isObject(parameter) || typeof name !== 'string' || typeof location !== 'string') {
      warnings.add({
        code: 'INVALID_SCHEMA',
        message: 'Parameter without a name or location; skipped.',
        pointer: found.pointer,
        tool,
      });
      continue;
    }
    if (location === 'cookie' || !['path', 'query', 'header'].includes(location)) {
      warnings.add({
        code: 'UNSUPPORTED_PARAMETER',
        message: `Parameter "${name}" in ${location} is not sent.`,
        pointer: found.pointer,
        tool,
      });
      continue;
    }
    if (location === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) {
      warnings.add({
        code: 'IGNORED_CONSTRUCT',
        message: `Header parameter "${name}" is set by the call itself (OpenAPI ignores it).`,
        pointer: found.pointer,
        tool,
      });
      continue;
    }
    if (location === 'header' && context.credentials?.has(name.toLowerCase()) === true) {
      warnings.add({
        code: 'IGNORED_CONSTRUCT',
        message: `Header parameter "${name}" is a configured header (a credential); the configured value is always sent.`,
        pointer: found.pointer,
        tool,
      });
      continue;
    }
    const property = used.has(name) ? `${location}.${name}` : name;
    used.add(property);
    const { schema, json } = parameterSchema(parameter, found.pointer, context, dependencies);
    setKey(properties, property, withDescription(schema, parameter['description']));
    if (location === 'path' || parameter['required'] === true) required.push(property);
    const style =
      typeof parameter['style'] === 'string' ? parameter['style'] : location === 'query' ? 'form' : 'simple';
    const explode = typeof parameter['explode'] === 'boolean' ? parameter['explode'] : style === 'form';
    parameters.push({ property, name, in: location as ParameterLocation, style, explode, json });
  }

  let body: BodyBinding | undefined;
  let input: JsonObject = { type: 'object', properties, additionalProperties: false };
  const requestBody = operation['requestBody'];
  if (requestBody !== undefined) {
    const found = normalizer.dereference(requestBody, `${pointer}/requestBody`);
    const content = found !== undefined && isObject(found.value) ? found.value['content'] : undefined;
    const chosen = isObject(content) ? chooseMediaType(Object.keys(content)) : undefined;
    if (found === undefined || !isObject(found.value) || !isObject(content) || chosen === undefined) {
      warnings.add({
        code: 'INVALID_SCHEMA',
        message: 'Request body without content; no body is sent.',
        pointer: `${pointer}/requestBody`,
        tool,
      });
    } else {
      const bodyRequired = found.value['required'] === true;
      const media = content[chosen.mediaType];
      const mediaPointer = `${found.pointer}/content/${encodePointerSegment(chosen.mediaType)}`;
      const bodySchema = bodyRootSchema(
        isObject(media) ? media['schema'] : undefined,
        mediaPointer,
        chosen.encoding,
        context,
        dependencies,
      );
      if (canFlatten(bodySchema, properties, bodyRequired, chosen.encoding)) {
        const root = bodySchema as JsonObject;
        input =
          parameters.length === 0
            ? { ...root }
            : {
                ...root,
                type: 'object',
                properties: { ...properties, ...(root['properties'] as JsonObject) },
              };
        if (parameters.length > 0 && root['additionalProperties'] === undefined)
          delete input['additionalProperties'];
        const bodyRequiredNames = Array.isArray(root['required']) ? (root['required'] as string[]) : [];
        required.push(...bodyRequiredNames);
        body = {
          mediaType: chosen.mediaType,
          encoding: chosen.encoding,
          property: undefined,
          required: bodyRequired,
          files: fileFields(root),
        };
      } else {
        const property = used.has('body') ? 'requestBody' : 'body';
        setKey(properties, property, withDescription(bodySchema, found.value['description']));
        if (bodyRequired) required.push(property);
        body = {
          mediaType: chosen.mediaType,
          encoding: chosen.encoding,
          property,
          required: bodyRequired,
          files: fileFields(bodySchema),
        };
      }
    }
  }
  const unique = [...new Set(required)];
  if (unique.length > 0) input['required'] = unique;
  else delete input['required'];
  const { output, accept } = responsePlan(operation, pointer, context);
  const defs = normalizer.definitionsOf(dependencies);
  if (defs !== undefined) input['$defs'] = defs;
  const { path: template, query: fixedQuery } = splitPathKey(path);
  return {
    method: method.toUpperCase(),
    path,
    template,
    fixedQuery,
    parameters,
    body,
    input,
    output,
    accept,
  };
}

function mergedParameters(
  pathItem: JsonObject,
  operation: JsonObject,
  pointer: string,
  normalizer: SchemaNormalizer,
): { raw: unknown; at: string }[] {
  const byKey = new Map<string, { raw: unknown; at: string }>();
  const itemPointer = pointer.slice(0, pointer.lastIndexOf('/'));
  const lists: [unknown, string][] = [
    [pathItem['parameters'], `${itemPointer}/parameters`],
    [operation['parameters'], `${pointer}/parameters`],
  ];
  for (const [list, at] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw, index) => {
      const resolved =
        isObject(raw) && typeof raw['$ref'] === 'string'
          ? normalizer.dereference(raw, `${at}/${index}`)
          : { value: raw };
      const value = resolved?.value;
      const key = isObject(value) ? `${String(value['in'])} ${String(value['name'])}` : `#${at}/${index}`;
      byKey.set(key, { raw, at: `${at}/${index}` });
    });
  }
  return [...byKey.values()];
}

function parameterSchema(
  parameter: JsonObject,
  pointer: string,
  context: PlanContext,
  dependencies: Set<string>,
): { schema: JsonSchema; json: boolean } {
  if (parameter['schema'] !== undefined) {
    return {
      schema: context.normalizer.normalize(parameter['schema'], `${pointer}/schema`, 'request', dependencies),
      json: false,
    };
  }
  const content = parameter['content'];
  const mediaType = isObject(content) ? Object.keys(content)[0] : undefined;
  const media = mediaType === undefined || !isObject(content) ? undefined : content[mediaType];
  if (isObject(media) && media['schema'] !== undefined) {
    const at = `${pointer}/content/${encodePointerSegment(mediaType as string)}/schema`;
    return { schema: context.normalizer.normalize(media['schema'], at, 'request', dependencies), json: true };
  }
  return { schema: {}, json: false };
}

/** The body schema with a top-level `$ref` followed, so a flattened body is inline at the root. */
function bodyRootSchema(
  schema: unknown,
  pointer: string,
  encoding: BodyEncoding,
  context: PlanContext,
  dependencies: Set<string>,
): JsonSchema {
  if (schema === undefined) return encoding === 'text' ? { type: 'string' } : {};
  const found = context.normalizer.dereference(schema, `${pointer}/schema`);
  if (found === undefined) return {};
  return context.normalizer.normalize(found.value, found.pointer, 'request', dependencies);
}

function canFlatten(
  schema: JsonSchema,
  params: JsonObject,
  bodyRequired: boolean,
  encoding: BodyEncoding,
): boolean {
  if (encoding === 'text' || !isObject(schema)) return false;
  if (schema['type'] !== 'object' || !isObject(schema['properties'])) return false;
  if (COMBINATORS.some((key) => schema[key] !== undefined)) return false;
  const names = Object.keys(schema['properties']);
  if (names.some((name) => Object.hasOwn(params, name))) return false;
  const hasParams = Object.keys(params).length > 0;
  if (hasParams && schema['additionalProperties'] !== undefined && schema['additionalProperties'] !== false)
    return false;
  // An optional body with required fields cannot be flattened: its fields would become required.
  return bodyRequired || !Array.isArray(schema['required']) || schema['required'].length === 0;
}

function withDescription(schema: JsonSchema, description: unknown): JsonSchema {
  if (
    typeof description !== 'string' ||
    description === '' ||
    !isObject(schema) ||
    schema['description'] !== undefined
  ) {
    return schema;
  }
  return { ...schema, description };
}

function responsePlan(
  operation: JsonObject,
  pointer: string,
  context: PlanContext,
): { output: JsonObject | undefined; accept: string | undefined } {
  const responses = operation['responses'];
  if (!isObject(responses)) return { output: undefined, accept: undefined };
  const mediaTypes = new Set<string>();
  let output: JsonObject | undefined;
  const codes = Object.keys(responses).sort();
  for (const code of codes) {
    if (!/^2(\d\d|XX)$/i.test(code)) continue;
    const found = context.normalizer.dereference(responses[code], `${pointer}/responses/${code}`);
    const content = found !== undefined && isObject(found.value) ? found.value['content'] : undefined;
    if (!isObject(content)) continue;
    for (const type of Object.keys(content)) mediaTypes.add(type);
    const json = Object.keys(content).find((type) => /^application\/(.+\+)?json\b/i.test(type));
    const media = json === undefined ? undefined : content[json];
    if (output !== undefined || !isObject(media) || media['schema'] === undefined) continue;
    const dependencies = new Set<string>();
    const at = `${found?.pointer}/content/${encodePointerSegment(json as string)}/schema`;
    const schema = context.normalizer.normalize(media['schema'], at, 'response', dependencies);
    const defs = context.normalizer.definitionsOf(dependencies);
    output = isObject(schema) ? { ...schema } : { anyOf: [schema] };
    if (defs !== undefined) output['$defs'] = defs;
  }
  return { output, accept: mediaTypes.size === 0 ? undefined : [...mediaTypes].join(', ') };
}

function fileFields(schema: JsonSchema): string[] {
  const properties = isObject(schema) ? schema['properties'] : undefined;
  if (!isObject(properties)) return [];
  return Object.keys(properties).filter((name) => {
    const property = properties[name];
    const item = isObject(property) && property['type'] === 'array' ? property['items'] : property;
    return isObject(item) && (item['format'] === 'binary' || item['contentMediaType'] !== undefined);
  });
}
