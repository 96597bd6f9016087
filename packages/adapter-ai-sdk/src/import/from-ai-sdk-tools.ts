import {
  declarationObject,
  importTools,
  invalidDeclaration,
  ProviderAdapterError,
} from '@armorer/adapter-shared';
import {
  type AnyTool,
  createTool,
  createToolbox,
  createToolError,
  describeThrown,
  type ProviderImportOptions,
  type Toolbox,
  type ToolContext,
  ToolFailureError,
  type ToolPolicy,
} from '@armorer/core';
import { type AISDKSchemaLike, type AsSchema, loadAsSchema } from './ai-sdk-schema';

const IMPORTER = 'fromAISDKTools';

/** One AI SDK tool of a tool set, structurally (`Tool` of `ai`). */
interface ImportedTool {
  readonly type?: unknown;
  readonly description?: unknown;
  readonly inputSchema?: unknown;
  readonly execute?: (input: unknown, options: Record<string, unknown>) => unknown;
  readonly needsApproval?: unknown;
}

/** What was read of one tool before it is imported. */
interface ReadTool {
  readonly name: string;
  readonly description: string;
  readonly tool: ImportedTool;
  readonly schema: AISDKSchemaLike;
  readonly parameters: unknown;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function'
  );
}

function descriptionOf(tool: ImportedTool): string {
  const description = tool.description;
  if (typeof description === 'string') return description;
  if (typeof description !== 'function') return '';
  try {
    const made = (description as (options: { context: undefined }) => unknown)({ context: undefined });
    return typeof made === 'string' ? made : '';
  } catch {
    return '';
  }
}

/** Runs an AI SDK tool's `execute` with the arguments its own schema validated; a stream's last value wins. */
function implementation(read: ReadTool) {
  const { name, tool, schema } = read;
  const execute = tool.execute;
  if (typeof execute !== 'function') return undefined;
  return async (params: Record<string, unknown>, context: ToolContext) => {
    let input: unknown = params;
    if (typeof schema.validate === 'function') {
      const checked = await schema.validate(params);
      if (!checked.success) {
        throw new ToolFailureError(
          createToolError(
            'INVALID_ARGUMENTS',
            `Invalid arguments for tool "${name}": ${describeThrown(checked.error)}. Fix them and call the tool again.`,
          ),
        );
      }
      input = checked.value;
    }
    const output = await execute(input, {
      toolCallId: context.callId,
      messages: [],
      abortSignal: context.signal,
    });
    if (!isAsyncIterable(output)) return output;
    // The AI SDK's preliminary results: the last one is the tool's result.
    let last: unknown;
    for await (const value of output) last = value;
    return last;
  };
}

/** armorer's policy for an AI SDK tool with `needsApproval`: the call pauses until a person approves. */
function approvalPolicy(name: string, needsApproval: unknown): ToolPolicy | undefined {
  if (needsApproval === undefined || needsApproval === false) return undefined;
  const asks = async (params: Record<string, unknown>, callId: string): Promise<boolean> => {
    if (typeof needsApproval !== 'function') return needsApproval === true;
    return (await needsApproval(params, { toolCallId: callId, messages: [] })) === true;
  };
  return {
    beforeExecute: async ({ params, callId, approval }) => {
      if (approval?.approved === true || !(await asks(params, callId))) return undefined;
      return {
        status: 'needs_approval',
        reason: `The AI SDK tool "${name}" asks for approval before it runs.`,
      };
    },
  };
}

async function readTools(
  toolSet: object,
  asSchema: AsSchema,
): Promise<{ read: (ReadTool | Error)[]; names: string[] }> {
  const names = Object.keys(toolSet);
  const read = await Promise.all(
    names.map(async (name, index): Promise<ReadTool | Error> => {
      try {
        const tool = declarationObject(
          IMPORTER,
          (toolSet as Record<string, unknown>)[name],
          index,
        ) as ImportedTool;
        if (tool.type === 'provider' || tool.type === 'provider-defined') {
          throw invalidDeclaration(
            IMPORTER,
            index,
            `("${name}") is a provider tool; only function tools can be imported`,
          );
        }
        const schema = asSchema(tool.inputSchema);
        const parameters = await schema.jsonSchema;
        return { name, description: descriptionOf(tool), tool, schema, parameters };
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    }),
  );
  return { read, names };
}

/**
 * Imports an AI SDK tool set (`Record<string, Tool>` of `ai` 6 or 7) into a toolbox. Each tool keeps its name,
 * description and input schema (its JSON Schema, as the AI SDK declares it, validates the arguments; the
 * tool's own schema then validates and transforms them before its `execute` runs, as the AI SDK would).
 * `needsApproval` becomes armorer policy: the call pauses with `needs_approval` until resumed through
 * `toolbox.resumeApproval`. A tool without `execute` is imported and answers TOOL_NOT_IMPLEMENTED; a provider
 * tool cannot be imported and is reported (`onInvalidDeclarations`, or `console.warn`), or refuses the whole
 * import with `invalidDeclarations: 'throw'`. The remaining options are toolbox options. Loads `ai` on first
 * use (its `asSchema` reads the schemas).
 *
 * @example
 * ```ts
 * import { tool } from 'ai';
 * import { z } from 'zod';
 * import { fromAISDKTools } from 'armorer/adapters/ai-sdk';
 *
 * const toolbox = await fromAISDKTools({
 *   weather: tool({ description: 'Weather', inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, temp: 21 }) }),
 * });
 * await toolbox.execute({ name: 'weather', arguments: { city: 'Oslo' } });
 * ```
 */
export async function fromAISDKTools(toolSet: object, options?: ProviderImportOptions): Promise<Toolbox> {
  if (typeof toolSet !== 'object' || toolSet === null || Array.isArray(toolSet)) {
    throw new ProviderAdapterError({
      code: 'INVALID_DECLARATION',
      message: `${IMPORTER}() expects an AI SDK tool set: an object of tools by name.`,
    });
  }
  return importToolSet(toolSet, options, await loadAsSchema());
}

/** {@link fromAISDKTools} with the AI SDK's `asSchema` given (the tests give each tested version's). */
export async function importToolSet(
  toolSet: object,
  options: ProviderImportOptions | undefined,
  asSchema: AsSchema,
): Promise<Toolbox> {
  const { read, names } = await readTools(toolSet, asSchema);
  const settings = options ?? {};
  const {
    getTool: fallback,
    invalidDeclarations: _mode,
    onInvalidDeclarations: _report,
    ...toolboxOptions
  } = settings;
  const byName = new Map<string, ReadTool>();
  for (const item of read) if (!(item instanceof Error)) byName.set(item.name, item);
  const imported = importTools(
    IMPORTER,
    names.map((_, index) => read[index]),
    (item) => {
      if (item instanceof Error) throw item;
      const { name, description, parameters } = item as ReadTool;
      return { name, description, parameters };
    },
    {
      ...settings,
      getTool: (configuration) => {
        const found = byName.get(configuration.name);
        return (found === undefined ? undefined : implementation(found)) ?? fallback?.(configuration);
      },
    },
  );
  const tools = imported.tools().map((tool): AnyTool => {
    const policy = approvalPolicy(tool.name, byName.get(tool.name)?.tool.needsApproval);
    if (policy === undefined) return tool;
    const configuration = tool.configuration;
    return createTool({
      name: configuration.name,
      description: configuration.description,
      input: configuration.schema,
      policy,
      execute: configuration.execute,
    }) as unknown as AnyTool;
  });
  return createToolbox(tools, toolboxOptions) as unknown as Toolbox;
}
