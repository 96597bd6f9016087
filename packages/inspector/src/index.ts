/**
 * @armorer/inspector: a local web page to see, try and govern an armorer toolbox (server-only). The
 * `armorer-inspector` command serves it for a module whose default export is a toolbox; `startInspector`
 * serves it from your own process (tests, dev servers).
 *
 * The page lists and searches the tools (the ranking of `@armorer/query`, explained), generates a form
 * from each tool's schema, shows its OpenAI, OpenAI strict, Anthropic and Gemini declarations side by side
 * with the conversion warnings, runs calls through the full pipeline with an editable request context
 * (result, live events, progress, stream chunks), replays raw provider tool calls, answers the approvals
 * queue, issues and revokes grants, and follows the executions. Loopback only, a session token on every
 * request, Host and Origin checked by `@armorer/http-guard`.
 *
 * @example
 * ```ts
 * import { createToolbox } from '@armorer/core';
 * import { startInspector } from '@armorer/inspector';
 *
 * const inspector = await startInspector({ toolbox: createToolbox([]) });
 * console.log(inspector.url); // http://127.0.0.1:PORT/?token=TOKEN
 * await inspector.close();
 * ```
 *
 * @module
 */
export type { InspectorErrorCode } from './errors/inspector-error';
export { InspectorError } from './errors/inspector-error';
export type { InspectorOptions, RunningInspector } from './server/start-inspector';
export { startInspector } from './server/start-inspector';
