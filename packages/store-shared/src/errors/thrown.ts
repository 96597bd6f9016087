/**
 * The message of a thrown value, read without throwing again (a getter or Proxy may throw): what a store
 * puts in the `StoreError` it raises for a client's failure. @internal
 */
export function thrownMessage(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an unreadable error';
  }
}

/** The `code` of a thrown value (a driver's error code), or `undefined`, read without throwing. @internal */
export function thrownCode(error: unknown): unknown {
  try {
    return (error as { code?: unknown } | null)?.code;
  } catch {
    return undefined;
  }
}
