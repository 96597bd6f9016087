import type { ConversionReportOptions, ToolSource } from '@armorer/adapter-shared';

/** A JSON object (typed loosely so that it is assignable to the SDK's schema types). */
export type GeminiSchemaObject = { readonly [keyword: string]: unknown };

/**
 * A Gemini `FunctionDeclaration`. At most one of `parameters` (the OpenAPI 3.0 Schema subset: upper-case
 * `type`, `nullable`, string enums and counts) and `parametersJsonSchema` (JSON Schema) is set; a tool
 * that takes no arguments sets neither (Gemini refuses an OBJECT schema without properties).
 */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parameters?: GeminiSchemaObject;
  readonly parametersJsonSchema?: GeminiSchemaObject;
}

/** Which field of the declaration holds the parameter schema. */
export type GeminiSchemaField = 'auto' | 'parameters' | 'parametersJsonSchema';

/** Options of `toGeminiTools`. */
export interface GeminiToolsOptions extends ConversionReportOptions {
  /**
   * `'parameters'` (OpenAPI subset), `'parametersJsonSchema'` (JSON Schema), or `'auto'` (default): per
   * tool, `parameters` unless the JSON Schema field expresses strictly more of the tool's schema
   * (recursion, closed objects, `additionalProperties`, untyped values, ...).
   */
  readonly schemaField?: GeminiSchemaField;
  /**
   * What `parametersJsonSchema` holds. `'supported'` (default): the JSON Schema keywords Gemini documents,
   * the rest left out and reported (`UNSUPPORTED_KEYWORD`). `'full'`: the tool's whole JSON Schema, which
   * Gemini accepts there; nothing is left out, and every keyword Gemini does not follow when it generates a
   * call is reported (`IGNORED_KEYWORD`). With `'full'`, `schemaField: 'auto'` declares
   * `parametersJsonSchema`; `schemaField: 'parameters'` is not affected.
   */
  readonly jsonSchema?: GeminiJsonSchemaMode;
}

/** What `parametersJsonSchema` holds: the keywords Gemini documents, or the whole schema. */
export type GeminiJsonSchemaMode = 'supported' | 'full';

/** A Gemini `FunctionCall`, or a `Part` holding one. */
export interface GeminiFunctionCallLike {
  readonly id?: string;
  readonly name?: string;
  readonly args?: unknown;
  readonly functionCall?: { readonly id?: string; readonly name?: string; readonly args?: unknown };
}

/**
 * What `parseGeminiToolCalls` accepts: `response.functionCalls`, the parts of a content, a `Content`
 * (`{ parts }`) or a whole `GenerateContentResponse` (the first candidate is read).
 */
export type GeminiToolCallsInput =
  | readonly GeminiFunctionCallLike[]
  | { readonly parts?: readonly GeminiFunctionCallLike[] | undefined }
  | {
      readonly candidates?:
        | readonly {
            readonly content?: { readonly parts?: readonly GeminiFunctionCallLike[] | undefined } | undefined;
          }[]
        | undefined;
    }
  | null
  | undefined;

/** Options of `parseGeminiToolCalls`. */
export interface GeminiParseOptions {
  /** The toolbox (or tools) the declarations came from, to map declared names back to tool names. */
  readonly tools?: ToolSource;
}

/** A `Part` holding a `functionResponse`, for the next request's content. */
export interface GeminiFunctionResponsePart {
  readonly functionResponse: {
    readonly id?: string;
    readonly name: string;
    /** `{ output }` on success, `{ error }` otherwise, as Gemini documents. */
    readonly response: { readonly [key: string]: unknown };
  };
}
