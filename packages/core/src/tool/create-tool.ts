import { ToolCallError } from '../errors/tool-call-error';
import { toolErrorOf } from '../errors/tool-error';
import { EventHub } from '../events/event-hub';
import { definitionRevision } from '../execution/definition-revision';
import { refuse } from '../execution/failure-path';
import { nextCallId } from '../execution/ids';
import { defineLaterMembers } from '../execution/later';
import { defineOwnerSurface } from '../execution/owner-surface';
import { createRegistration, createStandaloneOwner, type Registration } from '../execution/registration';
import { runCall, toPromise } from '../execution/run-call';
import type { ExecuteWithOptions, ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';
import { normalizeToolConfig } from './normalize-config';
import { serializeTool } from './serialize';
import type { AnyTool, Tool, ToolConfiguration } from './types';

const TOOL_MARKER = Symbol.for('armorer.tool');
const INTERNALS = Symbol('armorer.tool.internals');

/** What a toolbox needs from a tool created by this copy of armorer. */
export interface ToolInternals {
  readonly configuration: ToolConfiguration;
  readonly emitter: EventHub;
  readonly standalone: Registration;
}

/** Internal view of a tool. */
type ToolObject = AnyTool & { [INTERNALS]: ToolInternals };

/**
 * Reads the internals of a tool; tools from another copy of armorer get a fresh emitter.
 * @internal
 */
export function toolInternals(tool: AnyTool): ToolInternals {
  const internals = (tool as Partial<ToolObject>)[INTERNALS];
  if (internals !== undefined) return internals;
  const emitter = new EventHub();
  return {
    configuration: tool.configuration,
    emitter,
    standalone: createRegistration(tool, tool.configuration, emitter, createStandaloneOwner(emitter)),
  };
}

/**
 * Type guard for tools, working across duplicate installs.
 *
 * @example
 * ```ts
 * if (isTool(value)) console.log(value.name);
 * ```
 */
export function isTool(value: unknown): value is Tool {
  return typeof value === 'function' && (value as unknown as Record<symbol, unknown>)[TOOL_MARKER] === true;
}

/** True when `value` is shaped like a tool call addressed by name (`{ name, arguments }`). */
function isToolCallLike(value: unknown): value is ToolCall {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ToolCall).name === 'string' &&
    Object.hasOwn(value, 'arguments')
  );
}

function executeCall(reg: Registration, call: ToolCall, options: ToolExecuteOptions | undefined) {
  const callId = typeof call.id === 'string' && call.id.length > 0 ? call.id : nextCallId();
  const name = reg.config.name;
  if (call.name !== name) {
    return toPromise(refuse(reg.owner.emitter, name, callId, 'wrongTool', call.name, name));
  }
  return runCall(reg, call, callId, options);
}

const toolMethods = {
  execute(this: ToolObject, input: unknown, options?: ToolExecuteOptions): Promise<unknown> {
    const reg = this[INTERNALS].standalone;
    let callLike: boolean;
    try {
      callLike = isToolCallLike(input);
    } catch {
      // A hostile value (a Proxy, a throwing getter) is not a call: it goes through validation as
      // arguments, so the promise rejects with a typed ToolCallError instead of throwing synchronously.
      callLike = false;
    }
    if (callLike) {
      try {
        return executeCall(reg, input as ToolCall, options);
      } catch (error) {
        const name = reg.config.name;
        return toPromise(refuse(reg.owner.emitter, name, nextCallId(), 'unreadableCall', error, false));
      }
    }
    return executeOrThrow(reg, input, options);
  },
  executeWith(this: ToolObject, options: ExecuteWithOptions<unknown>): Promise<ToolResult> {
    const reg = this[INTERNALS].standalone;
    const callId =
      typeof options?.callId === 'string' && options.callId.length > 0 ? options.callId : nextCallId();
    return runCall(reg, { id: callId, name: reg.config.name, arguments: options?.params }, callId, options);
  },
  toJSON(this: ToolObject) {
    return serializeTool(this[INTERNALS].configuration);
  },
  /** The tool's full revision (see `getToolRevision`), computed once per configuration on first read. */
  get id(): string {
    return definitionRevision((this as unknown as ToolObject)[INTERNALS].configuration);
  },
};
Object.setPrototypeOf(toolMethods, Function.prototype);

defineOwnerSurface(toolMethods, (tool: ToolObject) => tool[INTERNALS].standalone.owner);
// `rawExecute` only answers with a promise: its code loads with its first call (execution/later-members).
defineLaterMembers(toolMethods, ['rawExecute']);

/**
 * Runs a call of the callable form: the value on success, a rejection with a ToolCallError otherwise. Not
 * an async function: its frame and scope would be allocated on every call; `successValue` needs neither.
 */
function executeOrThrow(
  reg: Registration,
  params: unknown,
  options: ToolExecuteOptions | undefined,
): Promise<unknown> {
  try {
    const callId = nextCallId();
    return runCall(reg, { id: callId, name: reg.config.name, arguments: params }, callId, options).then(
      successValue,
    );
  } catch (error) {
    // As from an async function: whatever escapes is a rejection, never a synchronous throw.
    return Promise.reject(error);
  }
}

function successValue(result: ToolResult): unknown {
  return result.outcome === 'success' ? result.result : rejectWith(result);
}

function rejectWith(result: ToolResult): Promise<never> {
  // ToolCallError is part of the package's root exports, so it is loaded with any import of them: a dynamic
  // import here saved nothing and cost a chunk of its own.
  return Promise.reject(
    new ToolCallError(
      result.toolName,
      result.error ??
        toolErrorOf('EXECUTION_FAILED', 'execution', true, `Tool "${result.toolName}" did not succeed.`),
    ),
  );
}

/**
 * Builds the callable tool object for a normalized configuration. `emitter` lets a middleware-transformed
 * copy share the listeners of the tool it came from.
 * @internal
 */
export function buildTool(configuration: ToolConfiguration, emitter: EventHub = new EventHub()): AnyTool {
  const tool = function armorerTool(params?: unknown): Promise<unknown> {
    return executeOrThrow(internals.standalone, params, undefined);
  } as unknown as ToolObject;
  Object.setPrototypeOf(tool, toolMethods);
  const internals: ToolInternals = {
    configuration,
    emitter,
    standalone: createRegistration(tool, configuration, emitter, createStandaloneOwner(emitter)),
  };
  Object.defineProperties(tool, {
    [INTERNALS]: { value: internals },
    [TOOL_MARKER]: { value: true },
    name: { value: configuration.name, enumerable: true },
    description: { value: configuration.description, enumerable: true },
    schema: { value: configuration.schema, enumerable: true },
    tags: { value: configuration.tags, enumerable: true },
    metadata: { value: configuration.metadata, enumerable: true },
    risk: { value: configuration.risk, enumerable: true },
    configuration: { value: configuration },
  });
  return tool;
}

/**
 * Normalizes a configuration (throwing a `ToolDefinitionError` for anything that cannot work) and builds
 * the tool. Used by `createTool` and by toolbox hydration.
 * @internal
 */
export function createToolFromConfig(config: unknown): AnyTool {
  return buildTool(normalizeToolConfig(config));
}
