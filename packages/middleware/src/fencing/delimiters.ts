import { MiddlewareOptionsError } from '../errors/middleware-options-error';
import { keywordsOf } from './neutralizer';
import { randomToken } from './random-token';

/** Builds the delimiters of a fence from its token. */
export interface FenceDelimiters {
  readonly open: (token: string) => string;
  readonly close: (token: string) => string;
}

const FACTORY = 'createUntrustedOutputFencingMiddleware';

/** The default delimiters. */
export const defaultDelimiters: FenceDelimiters = {
  open: (token) => `<<<UNTRUSTED_TOOL_OUTPUT id=${token}>>>`,
  close: (token) => `<<<END_UNTRUSTED_TOOL_OUTPUT id=${token}>>>`,
};

export interface CheckedDelimiters {
  readonly open: (token: string) => string;
  readonly close: (token: string) => string;
  readonly keywords: readonly string[];
}

/** Both delimiters must be functions whose output carries the token and differs from the other's. */
export function checkDelimiters(delimiters: FenceDelimiters | undefined): CheckedDelimiters {
  const { open, close } = (delimiters ?? {}) as Partial<FenceDelimiters>;
  if (typeof open !== 'function' || typeof close !== 'function') {
    throw new MiddlewareOptionsError({
      message: `${FACTORY}(): delimiters needs open(token) and close(token) functions.`,
    });
  }
  const token = randomToken();
  const opened = open(token);
  const closed = close(token);
  if (
    typeof opened !== 'string' ||
    typeof closed !== 'string' ||
    !opened.includes(token) ||
    !closed.includes(token)
  ) {
    throw new MiddlewareOptionsError({
      message: `${FACTORY}(): both delimiters must be strings that contain the token they are given; without it, tool output could forge them.`,
    });
  }
  if (opened === closed) {
    throw new MiddlewareOptionsError({
      message: `${FACTORY}(): the opening and closing delimiters must differ.`,
    });
  }
  const fixed = [...opened.split(token), ...closed.split(token)];
  return { open, close, keywords: keywordsOf(fixed) };
}
