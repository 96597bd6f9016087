function randomPrefix(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  let prefix = '';
  for (const byte of bytes) prefix += byte.toString(36).padStart(2, '0');
  return prefix;
}

// One random prefix per process plus a counter: unique, cheap, and ordered within a process.
const PREFIX = randomPrefix();
let executionCounter = 0;
let callCounter = 0;

/** Mints a fresh execution id. */
export function nextExecutionId(): string {
  return `exec_${PREFIX}_${++executionCounter}`;
}

/** Mints a call id for calls that arrive without one. */
export function nextCallId(): string {
  return `call_${PREFIX}_${++callCounter}`;
}
