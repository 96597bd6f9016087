// The limits of signed arguments, apart from the payload code: `createToolbox` reads the default when it
// checks its options, while the signing code loads only with the first approval.

/** The default limit of signed arguments: 64 KiB of canonical JSON (UTF-8). */
export const DEFAULT_MAX_ARGUMENTS_BYTES = 64 * 1024;

/**
 * How much longer than the arguments a payload may be: the request facts, revisions and ids around them.
 * A payload longer than the arguments limit plus this is refused before its signature is computed.
 */
export const PAYLOAD_HEADER_ALLOWANCE = 64 * 1024;
