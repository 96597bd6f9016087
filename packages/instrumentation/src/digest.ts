import { canonicalJson, sha256Hex } from '@armorer/approval';

/**
 * A non-reversible correlation handle for a value: `sha256:<hex>` of its canonical JSON (`@armorer/approval`'s
 * `canonicalJson`, keys sorted), so equal values digest equally whatever their key order; a JSON string is
 * digested as the value it encodes. `undefined` when the value is not JSON data (a cycle, a bigint, a Date,
 * a getter that throws): a digest is never worth failing a call.
 */
export function digestOf(value: unknown): string | undefined {
  try {
    let subject = value;
    if (typeof value === 'string') {
      try {
        subject = JSON.parse(value);
      } catch {
        subject = value;
      }
    }
    return `sha256:${sha256Hex(canonicalJson(subject))}`;
  } catch {
    return undefined;
  }
}
