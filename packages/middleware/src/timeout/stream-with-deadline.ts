import type { Deadline, DeadlineQueue } from './deadline';

/**
 * Holds a stream to its call's deadline: each read races the deadline; when it passes, the pending read
 * fails with the TIMEOUT error and the source is closed. The deadline settles when the stream ends, fails
 * or is closed by its consumer.
 */
export function streamWithDeadline(
  source: AsyncIterable<unknown>,
  deadline: Deadline,
  queue: DeadlineQueue,
): AsyncIterable<unknown> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<unknown> {
      const iterator = source[Symbol.asyncIterator]();
      const close = (): void => {
        try {
          Promise.resolve(iterator.return?.()).catch(() => {});
        } catch {
          // The source is abandoned; a failing close changes nothing.
        }
      };
      return {
        next() {
          if (deadline.expired) {
            close();
            return Promise.reject(deadline.failure());
          }
          return new Promise((resolve, reject) => {
            deadline.onExpire((failure) => {
              close();
              reject(failure);
            });
            iterator.next().then(
              (step) => {
                if (deadline.expired) return;
                if (step.done === true) queue.settled(deadline);
                resolve(step);
              },
              (error: unknown) => {
                if (deadline.expired) return;
                queue.settled(deadline);
                reject(error);
              },
            );
          });
        },
        async return(value?: unknown) {
          queue.settled(deadline);
          await iterator.return?.(value);
          return { done: true, value };
        },
      };
    },
  };
}
