import { mapResult } from '../shared/map-result';
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

/**
 * Fences a stream of text: the preamble and opening delimiter first, then the chunks (neutralized,
 * holding back the tail of the text seen so far until a marker cut in two by a chunk boundary can no
 * longer be missed), then the closing delimiter. Objects in the stream have their `content` fenced on
 * their own, with a fresh token; other values pass through.
 */
export async function* fenceStream(
  source: AsyncIterable<unknown>,
  fencer: Fencer,
  fresh: () => Fencer,
): AsyncGenerator<unknown> {
  const { fence, neutralizer } = fencer;
  yield `${fencer.preamble}\n${fence.open}\n`;
  let carry = '';
  for await (const chunk of source) {
    if (typeof chunk !== 'string') {
      if (carry.length > 0) yield carry;
      carry = '';
      // A fence of its own (own token), so this stream's token still appears only in its two markers.
      let own: Fencer | undefined;
      const current = () => {
        own ??= fresh();
        return own;
      };
      yield mapResult(chunk, {
        text: (text) => fenceText(text, current()),
        stream: (inner) => fenceStream(inner, current(), fresh),
      });
      continue;
    }
    const text = neutralizer.neutralize(carry + chunk, fence.token);
    let cut = text.length - neutralizer.hold;
    if (cut <= 0) {
      carry = text;
      continue;
    }
    const code = text.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut--;
    yield text.slice(0, cut);
    carry = text.slice(cut);
  }
  yield `${carry}\n${fence.close}`;
}
