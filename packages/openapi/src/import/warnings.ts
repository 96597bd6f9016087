/** What kind of construct an import skipped or loosened. */
export type OpenAPIWarningCode =
  /** A `$ref` that points outside the document or at nothing; the schema accepts any value there. */
  | 'UNRESOLVED_REF'
  /** A JSON Schema keyword the validator cannot enforce (`not`, `if`/`then`/`else`, ...); it was dropped. */
  | 'UNSUPPORTED_KEYWORD'
  /** A value where a schema, parameter or body was expected is malformed; it was skipped. */
  | 'INVALID_SCHEMA'
  /** A parameter that cannot be sent (`in: cookie`, or malformed); it was skipped. */
  | 'UNSUPPORTED_PARAMETER'
  /** A request body none of whose media types can be sent; the body was sent as text. */
  | 'UNSUPPORTED_MEDIA_TYPE'
  /** Callbacks, webhooks and links describe calls the API makes, not calls a tool makes; ignored. */
  | 'IGNORED_CONSTRUCT'
  /** `x-armorer` metadata that would loosen a guard (the method decides `mutates`); it was ignored. */
  | 'IGNORED_METADATA'
  /** Two operations produced the same tool name; the later one got a suffix. */
  | 'RENAMED_OPERATION'
  /** An operation could not become a tool at all; it was left out. */
  | 'SKIPPED_OPERATION';

/** One thing `fromOpenAPI` skipped or loosened, with where it is in the document. */
export interface OpenAPIWarning {
  readonly code: OpenAPIWarningCode;
  readonly message: string;
  /** JSON pointer into the document, e.g. `#/paths/~1pets/get/parameters/0`. */
  readonly pointer: string;
  /** The tool (operation) concerned, when there is one. */
  readonly tool?: string;
}

/** Collects warnings without duplicates (a shared component reports once, not once per operation). */
export class WarningList {
  readonly items: OpenAPIWarning[] = [];
  private readonly seen = new Set<string>();

  add(warning: OpenAPIWarning): void {
    const key = `${warning.code} ${warning.pointer} ${warning.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(warning);
  }
}
