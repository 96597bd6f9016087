/** The load of the MCP cluster bench: concurrent raw 2026 `tools/call` requests, counted per second. */

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

let nextId = 1;
let resent = 0;

/** Calls sent again after the proxy answered 502 (a keep-alive connection to an instance reset under it). */
export function resentCalls(): number {
  return resent;
}

/**
 * One `tools/call add(1, 2)`; `keyed` adds a fresh idempotency key (three store round trips in armorer).
 * `add` has no side effect, so a `502` of the proxy (an upstream connection reset) is sent again, at most
 * twice, as a client of a pure tool would; the count is reported.
 */
export async function callAdd(url: string, keyed: boolean): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const answer = await sendAdd(url, keyed);
    if (answer.status === 502 && attempt < 2) {
      resent++;
      continue;
    }
    if (answer.status !== 200 || !answer.text.includes('"text":"3"')) {
      throw new Error(`tools/call answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
    return;
  }
}

async function sendAdd(url: string, keyed: boolean): Promise<{ status: number; text: string }> {
  const id = nextId++;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'add',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: {
        name: 'add',
        arguments: { a: 1, b: 2 },
        _meta: keyed ? { ...ENVELOPE, 'armorer/idempotencyKey': `bench-${process.pid}-${id}` } : ENVELOPE,
      },
    }),
  });
  return { status: response.status, text: await response.text() };
}

/** Calls per second of `total` calls, `concurrency` at a time (wall clock: the servers are other processes). */
export async function callsPerSecond(
  url: string,
  keyed: boolean,
  total: number,
  concurrency: number,
): Promise<number> {
  let sent = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < total) {
        sent++;
        await callAdd(url, keyed);
      }
    }),
  );
  return (total / (performance.now() - began)) * 1000;
}
