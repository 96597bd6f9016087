import type { McpObservedOutcome, McpObservedRequest, McpObserver } from './types';

interface Started {
  readonly observer: McpObserver;
  readonly token: unknown;
}

/** The class of a thrown value for `error.type`: a JSON-RPC code when it carries one, else its name. */
export function errorTypeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && Number.isInteger(code)) return String(code);
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.length > 0 && name.length <= 64 ? name : 'Error';
}

/**
 * The observers of one server or import. Requests pay nothing while none is registered (one length
 * check); an observer that throws is skipped, never allowed to fail the request it watches.
 */
export class Observers {
  #list: readonly McpObserver[] = [];

  get active(): boolean {
    return this.#list.length > 0;
  }

  add(observer: McpObserver): () => void {
    if (observer?.specificationVersion !== 'v1' || typeof observer.start !== 'function') {
      throw new TypeError('An MCP observer needs specificationVersion "v1" and start/run/end methods.');
    }
    this.#list = [...this.#list, observer];
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      this.#list = this.#list.filter((item) => item !== observer);
    };
  }

  /**
   * Runs `work` observed by every registered observer: each starts a token, the `_meta` entries they
   * inject are handed to `work`, `work` runs inside every observer's `run`, and each is told the outcome.
   */
  async observe<TResult>(
    request: McpObservedRequest,
    work: (meta: Readonly<Record<string, string>> | undefined) => Promise<TResult>,
    outcomeOf: (result: TResult) => McpObservedOutcome,
  ): Promise<TResult> {
    const started: Started[] = [];
    let meta: Record<string, string> | undefined;
    for (const observer of this.#list) {
      try {
        const token = observer.start(request);
        started.push({ observer, token });
        const injected = observer.inject?.(token);
        if (injected !== undefined) meta = { ...meta, ...injected };
      } catch {
        // A broken observer observes nothing; the request goes on.
      }
    }
    let run = () => work(meta);
    for (const { observer, token } of started) {
      const inner = run;
      run = () => {
        // The work runs once, whatever the hook does: a hook that throws before it, or never calls it,
        // is bypassed; an error thrown by the work itself passes through.
        let entered = false;
        const once = () => {
          entered = true;
          return inner();
        };
        let result: Promise<TResult>;
        try {
          result = observer.run(token, once);
        } catch (error) {
          if (entered) throw error;
          return inner();
        }
        return entered ? result : inner();
      };
    }
    let outcome: McpObservedOutcome = { status: 'error', errorType: 'Error' };
    try {
      const result = await run();
      outcome = outcomeOf(result);
      return result;
    } catch (error) {
      outcome = { status: 'error', errorType: errorTypeOf(error) };
      throw error;
    } finally {
      for (const { observer, token } of started) {
        try {
          observer.end(token, outcome);
        } catch {
          // Ignored, as above.
        }
      }
    }
  }
}
