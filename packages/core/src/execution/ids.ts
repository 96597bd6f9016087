/**
 * Twelve base-36 characters from `Math.random` (seeded from the system's entropy once per process). Ids must be
 * unique, never secret (a counter follows the prefix, so one id tells the next), and reading Web Crypto here
 * would start the platform's crypto library on the first call of every process: about 4 ms under Node.
 */
function randomPrefix(): string {
  let prefix = '';
  for (let index = 0; index < 6; index++) {
    prefix += Math.floor(Math.random() * 256)
      .toString(36)
      .padStart(2, '0');
  }
  return prefix;
}

// One random prefix per process plus a counter: unique, cheap, and ordered within a process. Ids are
// minted on every call, so the counter is split: a block prefix rebuilt once per 1,000 ids plus a
// precomputed three-digit suffix, which makes minting a single concatenation of existing strings.
const PREFIX = randomPrefix();
const SUFFIXES = Array.from({ length: 1000 }, (_, index) => String(index).padStart(3, '0'));

class Sequence {
  #block = -1;
  #blockPrefix = '';
  #next = 1000;

  constructor(readonly kind: string) {}

  mint(): string {
    if (this.#next === 1000) {
      this.#next = 0;
      this.#blockPrefix = `${this.kind}_${PREFIX}_${++this.#block}`;
    }
    return this.#blockPrefix + (SUFFIXES[this.#next++] as string);
  }
}

const executions = new Sequence('exec');
const calls = new Sequence('call');

/** Mints a fresh execution id. */
export function nextExecutionId(): string {
  return executions.mint();
}

/** Mints a call id for calls that arrive without one. */
export function nextCallId(): string {
  return calls.mint();
}
