/**
 * @armorer/truncation: keeps tool results inside a model's context window. Surrogate-safe slicing,
 * base64 payload detection and stripping, character budgets with a marker, UTF-8 head-and-tail excerpts
 * and truncating streams. No dependencies; runs in browsers, Bun and Node.
 *
 * @example
 * ```ts
 * import { containsBase64Data, truncateToolResultContent } from '@armorer/truncation';
 *
 * const page = `<img src="data:image/png;base64,${'iVBORw0KGgo'.repeat(1000)}">` + 'text '.repeat(5000);
 * containsBase64Data(page); // true
 * const content = truncateToolResultContent(page, { maxCharacters: 4000 });
 * content.length <= 4000; // true, and the image is a one-line note
 * ```
 *
 * @module
 */
export { containsBase64Data, stripBase64Data } from './base64/base64';
export { DEFAULT_ERROR_MAX_CHARACTERS, DEFAULT_MAX_CHARACTERS } from './constants';
export { createTruncatingAsyncIterable } from './stream/create-truncating-async-iterable';
export { isHighSurrogate, isLowSurrogate, safeSlice } from './text/surrogates';
export { truncateText } from './text/truncate-text';
export { truncateToolResultContentStructured } from './tool-result/truncate-structured';
export { truncateToolResultContent } from './tool-result/truncate-tool-result-content';
export type {
  StructuredToolResultTruncation,
  StructuredToolResultTruncationOptions,
  ToolResultTruncationOptions,
  TruncationOptions,
} from './types';
