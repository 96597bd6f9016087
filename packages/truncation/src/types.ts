/** Options shared by the truncating functions. */
export interface TruncationOptions {
  /**
   * Appended where text was cut, counted inside the budget. Default: `\n…[N more characters truncated]`,
   * with the exact number of omitted characters.
   */
  readonly marker?: string;
}

/** Options of `truncateToolResultContent`. */
export interface ToolResultTruncationOptions extends TruncationOptions {
  /** Budget of a successful result, in UTF-16 code units. Default {@link @armorer/truncation!DEFAULT_MAX_CHARACTERS | DEFAULT_MAX_CHARACTERS}. */
  readonly maxCharacters?: number;
  /** Budget of an error message (`isError: true`). Default {@link @armorer/truncation!DEFAULT_ERROR_MAX_CHARACTERS | DEFAULT_ERROR_MAX_CHARACTERS}. */
  readonly errorMaxCharacters?: number;
  /** The content is an error message: use `errorMaxCharacters`. */
  readonly isError?: boolean;
  /** Replace base64 payloads (data URLs, long bare runs) before measuring. Default true. */
  readonly stripBase64?: boolean;
  /** What replaces each base64 payload. Default: a short note with the payload's size. */
  readonly base64Placeholder?: string;
}

/** Options of `truncateToolResultContentStructured`. */
export interface StructuredToolResultTruncationOptions {
  /** Budget of `head` plus `tail`, in UTF-8 bytes. Default {@link @armorer/truncation!DEFAULT_MAX_CHARACTERS | DEFAULT_MAX_CHARACTERS}. */
  readonly maxBytes?: number;
  /** Budget of `head`. Default: half of `maxBytes`, rounded up. */
  readonly headBytes?: number;
  /** Budget of `tail`. Default: what `head` leaves of `maxBytes`. */
  readonly tailBytes?: number;
  /** Replace base64 payloads before measuring. Default true. */
  readonly stripBase64?: boolean;
  /** What replaces each base64 payload. Default: a short note with the payload's size. */
  readonly base64Placeholder?: string;
}

/**
 * A head-and-tail excerpt. Sizes are UTF-8 bytes of the content after base64 replacement;
 * `omittedBytes` is `originalSize` minus the bytes of `head` and `tail`.
 */
export interface StructuredToolResultTruncation {
  readonly head: string;
  /** Empty when nothing was truncated. */
  readonly tail: string;
  readonly originalSize: number;
  readonly omittedBytes: number;
  readonly truncated: boolean;
}
