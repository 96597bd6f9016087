/**
 * Times an MCP stdio server from its spawn to its first `tools/list` answer, as a client sees it: send
 * `initialize`, wait for its answer, send `notifications/initialized` and `tools/list`, wait for that answer.
 * Then stdin is closed and the process must exit by itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { childEnv, type ProcessRun, type Program, usage } from './measure';

/** One server start. */
export interface McpStart extends ProcessRun {
  /** Spawn to the `initialize` answer, in milliseconds. */
  readonly initializeMs: number;
  /** Spawn to the `tools/list` answer, in milliseconds. */
  readonly toolsListMs: number;
  /**
   * CPU time the server's threads had used when its `tools/list` answer arrived, in milliseconds (Linux:
   * the sum of `/proc/<pid>/task/<tid>/schedstat`); the whole process's user + system time elsewhere.
   */
  readonly cpuToAnswerMs: number;
  /** The tool names the server listed. */
  readonly tools: readonly string[];
}

/** The protocol revision the client asks for (a 2025 revision both SDK generations serve). */
export const PROTOCOL_VERSION = '2025-06-18';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'armorer-startup-bench', version: '0.0.0' },
  },
};
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const toolsList = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

const line = (message: object) => `${JSON.stringify(message)}\n`;

/**
 * CPU time a live process has used so far, in milliseconds: the sum over its threads of the first field
 * of `/proc/<pid>/task/<tid>/schedstat` (nanoseconds on the CPU). `undefined` where /proc has no such
 * files (not Linux) or the process is gone.
 */
export function cpuSoFarMs(pid: number): number | undefined {
  try {
    let nanoseconds = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const fields = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ');
      nanoseconds += Number(fields[0]);
    }
    return Number.isFinite(nanoseconds) ? nanoseconds / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

interface Answer {
  readonly id?: unknown;
  readonly result?: { readonly tools?: readonly { readonly name?: unknown }[] };
  readonly error?: unknown;
}

/** Splits a byte stream into JSON-RPC messages, one per line, ignoring blank lines. */
export async function* messages(stream: ReadableStream<Uint8Array>): AsyncGenerator<Answer> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of stream) {
    buffered += decoder.decode(chunk, { stream: true });
    for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
      const text = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (text !== '') yield JSON.parse(text) as Answer;
    }
  }
}

/** Starts the server, lists its tools, closes its stdin, and returns what it cost. */
export async function firstToolsList(program: Program, exitTimeoutMs = 10_000): Promise<McpStart> {
  const started = performance.now();
  const child = Bun.spawn([...program.command], {
    cwd: program.cwd,
    env: program.env ?? childEnv(),
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  child.stdin.write(line(initialize));
  await child.stdin.flush();
  let initializeMs = Number.NaN;
  let toolsListMs = Number.NaN;
  let cpuToAnswerMs: number | undefined;
  let tools: string[] = [];
  try {
    for await (const message of messages(child.stdout)) {
      if (message.error !== undefined) throw new Error(`server answered ${JSON.stringify(message)}`);
      if (message.id === 1) {
        initializeMs = performance.now() - started;
        child.stdin.write(line(initialized) + line(toolsList));
        await child.stdin.flush();
      } else if (message.id === 2) {
        toolsListMs = performance.now() - started;
        cpuToAnswerMs = cpuSoFarMs(child.pid);
        tools = (message.result?.tools ?? []).map((tool) => String(tool.name));
        break;
      }
    }
  } finally {
    await child.stdin.end();
  }
  const timer = setTimeout(() => child.kill(), exitTimeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  const wallMs = performance.now() - started;
  if (Number.isNaN(toolsListMs) || code !== 0) {
    const stderr = await new Response(child.stderr).text();
    throw new Error(
      `${program.command.join(' ')}: ${Number.isNaN(toolsListMs) ? 'no tools/list answer' : `exit ${code}`}\n${stderr}`,
    );
  }
  const whole = usage(child.resourceUsage(), wallMs, program);
  return {
    ...whole,
    initializeMs,
    toolsListMs,
    cpuToAnswerMs: cpuToAnswerMs ?? whole.userMs + whole.sysMs,
    tools,
  };
}
