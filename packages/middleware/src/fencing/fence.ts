import type { Neutralizer } from './neutralizer';

/** The delimiters and preamble of one call's fence. */
export interface UntrustedOutputFence {
  readonly toolName: string;
  /** 128 random bits, fresh for every call. */
  readonly token: string;
  /** The opening delimiter, carrying the token. */
  readonly open: string;
  /** The closing delimiter, carrying the token. */
  readonly close: string;
}

/** A fence ready to wrap text: the delimiters, the preamble and the neutralizer. */
export interface Fencer {
  readonly fence: UntrustedOutputFence;
  readonly preamble: string;
  readonly neutralizer: Neutralizer;
}

/** `preamble`, the opening delimiter, the neutralized text and the closing delimiter, one per line. */
export function fenceText(text: string, { fence, preamble, neutralizer }: Fencer): string {
  return `${preamble}\n${fence.open}\n${neutralizer.neutralize(text, fence.token)}\n${fence.close}`;
}
