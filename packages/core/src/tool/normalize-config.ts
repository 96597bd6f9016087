import { ToolDefinitionError } from '../errors/armorer-error';
import { isLazyExecute, toImplementation } from './lazy';
import { normalizeMetadata } from './metadata';
import { normalizeInputSchema } from './normalize-schema';
import { normalizeOutputSchema } from './output';
import type { ToolConfiguration, ToolRisk } from './types';

/** The tag every tool flagged with `risk.untrustedOutput` carries. */
export const UNTRUSTED_OUTPUT_TAG = 'untrusted-output';

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const INVALID_NAME = /[\u0000-\u001f\u007f\s]/;

/** Validates a raw tool configuration and turns it into a {@link ToolConfiguration}. Throws at creation. */
export function normalizeToolConfig(raw: unknown): ToolConfiguration {
  if (typeof raw !== 'object' || raw === null) {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_CONFIGURATION',
      message: 'createTool() expects a configuration object.',
    });
  }
  const config = raw as Record<string, unknown>;
  const name = config['name'];
  if (typeof name !== 'string' || name.length === 0 || name.length > 256 || INVALID_NAME.test(name)) {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_NAME',
      message: `Tool name must be a non-empty string of at most 256 characters without whitespace, got ${JSON.stringify(name) ?? String(name)}.`,
    });
  }
  const description = config['description'];
  if (typeof description !== 'string') {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_DESCRIPTION',
      message: `Tool "${name}": description must be a string.`,
    });
  }
  const execute = config['execute'];
  const isThenable =
    typeof execute === 'object' &&
    execute !== null &&
    typeof (execute as PromiseLike<unknown>).then === 'function';
  if (typeof execute !== 'function' && !isThenable && !isLazyExecute(execute)) {
    throw new ToolDefinitionError({
      code: 'INVALID_TOOL_EXECUTE',
      message: `Tool "${name}": execute must be a function, a promise of one, or lazy(() => import(...)).`,
    });
  }
  // A promised implementation that rejects must not become an unhandled rejection before the first call.
  if (isThenable) Promise.resolve(execute as PromiseLike<unknown>).then(undefined, () => {});

  const metadata = normalizeMetadata(name, config['metadata']);
  const risk = normalizeRisk(name, config['risk']);
  const availability = config['availability'];
  if (availability !== undefined && typeof availability !== 'function') {
    throw invalidConfig(name, 'availability must be a function.');
  }
  const policy = config['policy'];
  if (policy !== undefined && (typeof policy !== 'object' || policy === null)) {
    throw invalidConfig(name, 'policy must be an object with beforeExecute/afterExecute hooks.');
  }
  const context = config['context'];
  if (context !== undefined && (typeof context !== 'object' || context === null)) {
    throw invalidConfig(name, 'context must be an object.');
  }
  const idempotencyKey = config['idempotencyKey'];
  if (idempotencyKey !== undefined && typeof idempotencyKey !== 'function') {
    throw invalidConfig(name, 'idempotencyKey must be a function of the validated arguments.');
  }
  const jsonSchema = config['jsonSchema'];
  if (
    jsonSchema !== undefined &&
    (typeof jsonSchema !== 'object' || jsonSchema === null || Array.isArray(jsonSchema))
  ) {
    throw invalidConfig(name, 'jsonSchema must be a JSON Schema object.');
  }
  return {
    name,
    description,
    schema: normalizeInputSchema(
      name,
      config['input'] ?? config['schema'],
      jsonSchema as Record<string, unknown> | undefined,
    ),
    tags: normalizeTags(name, config['tags'], risk),
    metadata,
    risk,
    output: normalizeOutputSchema(name, config['output'], metadata),
    context: context as ToolConfiguration['context'],
    availability: availability as ToolConfiguration['availability'],
    policy: policy as ToolConfiguration['policy'],
    telemetry: config['telemetry'] === true,
    idempotencyKey: idempotencyKey as ToolConfiguration['idempotencyKey'],
    execute: toImplementation(name, execute) as ToolConfiguration['execute'],
  };
}

function invalidConfig(name: string, message: string): ToolDefinitionError {
  return new ToolDefinitionError({
    code: 'INVALID_TOOL_CONFIGURATION',
    message: `Tool "${name}": ${message}`,
  });
}

function normalizeTags(name: string, tags: unknown, risk: ToolRisk | undefined): readonly string[] {
  if (tags !== undefined && (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string'))) {
    throw invalidConfig(name, 'tags must be an array of strings.');
  }
  const unique = new Set<string>((tags as string[] | undefined) ?? []);
  if (risk?.untrustedOutput === true) unique.add(UNTRUSTED_OUTPUT_TAG);
  return Object.freeze([...unique]);
}

function normalizeRisk(name: string, risk: unknown): ToolRisk | undefined {
  if (risk === undefined) return undefined;
  if (typeof risk !== 'object' || risk === null || Array.isArray(risk)) {
    throw invalidConfig(name, 'risk must be an object such as { untrustedOutput: true }.');
  }
  return Object.freeze({ ...(risk as ToolRisk) });
}
