/** An AI SDK `Schema` (what `asSchema` of `ai` returns), structurally. */
export interface AISDKSchemaLike {
  readonly jsonSchema: unknown;
  readonly validate?: (
    value: unknown,
  ) =>
    | { readonly success: boolean; readonly value?: unknown; readonly error?: unknown }
    | PromiseLike<{ readonly success: boolean; readonly value?: unknown; readonly error?: unknown }>;
}

/** `asSchema` of `ai`: any schema an AI SDK tool accepts (Zod 3 or 4, Standard Schema, `jsonSchema()`). */
export type AsSchema = (schema: unknown) => AISDKSchemaLike;

let loading: Promise<AsSchema> | undefined;

/**
 * `asSchema` of the installed AI SDK, loaded on first use: importing a tool set reads each tool's schema
 * the way the AI SDK itself declares and validates it.
 */
export function loadAsSchema(): Promise<AsSchema> {
  loading ??= import('ai').then(
    (module) => (module as unknown as { asSchema: AsSchema }).asSchema,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
