import { MAX_TIMER_MS } from '../execution/lifetime/cancellation';

/** Why a resume stopped waiting for its store: `details.reason` of the refusal is this code. */
class ReserveStopped extends Error {
  constructor(
    readonly code: 'cancelled' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'ReserveStopped';
  }
}

/** Runs a step that touches a host-built value, ignoring what it throws. */
function quietly(step: () => void): void {
  try {
    step();
  } catch {
    // A hostile getter or method: the step is skipped.
  }
}

/**
 * Waits for an asynchronous reserve, unless the caller's signal aborts or its timeout passes first: a
 * store that never answers must not hang the resume. Resolves `undefined` once reserved, or the error the
 * resume is refused with (code `cancelled` or `timeout`); rejects with the store's own refusal. A reserve
 * that lands after the resume gave up is the caller's to release.
 */
export function untilReservedOrStopped(
  reserving: PromiseLike<unknown>,
  signal: AbortSignal | undefined,
  timeout: number | undefined,
): Promise<Error | undefined> {
  const hasTimeout = typeof timeout === 'number' && timeout > 0 && timeout <= MAX_TIMER_MS;
  if (signal === undefined && !hasTimeout) return Promise.resolve(reserving).then(() => undefined);
  return new Promise<Error | undefined>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let listening = false;
    const cleanup = () => {
      if (timer !== undefined) clearTimeout(timer);
      if (listening) quietly(() => signal?.removeEventListener('abort', onAbort));
    };
    const stop = (error: ReserveStopped) => {
      cleanup();
      resolve(error);
    };
    const onAbort = () =>
      stop(
        new ReserveStopped('cancelled', 'The resume was cancelled before the store reserved the approval.'),
      );
    // A signal that cannot be read or listened to is not waited on here: the pipeline refuses it once
    // the binding is reserved, and hands the binding back.
    if (signal !== undefined) {
      let aborted = false;
      quietly(() => {
        aborted = signal.aborted === true;
        if (!aborted) {
          signal.addEventListener('abort', onAbort, { once: true });
          listening = true;
        }
      });
      if (aborted) return onAbort();
    }
    if (hasTimeout) {
      timer = setTimeout(
        () =>
          stop(new ReserveStopped('timeout', `The store did not reserve the approval within ${timeout} ms.`)),
        timeout,
      );
    }
    Promise.resolve(reserving).then(
      () => {
        cleanup();
        resolve(undefined);
      },
      (error: unknown) => {
        cleanup();
        reject(error);
      },
    );
  });
}
