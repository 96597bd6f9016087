import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { requestView } from '../__fixtures__/request-view';
import { ApprovalError } from '../errors/errors';
import { canonicalJson } from '../json/canonical-json';
import { createApprovalKeyring } from '../signing/keyring';
import { approvalBindingStoreEpoch, parseApprovalBinding } from './parse-binding';
import { approvalPayloadText, DEFAULT_MAX_ARGUMENTS_BYTES, exceedsUtf8 } from './payload';
import { openApprovalBinding, signApprovalPayload, verifyApprovalBinding } from './sign-binding';
import type { ApprovalBindingV3, UnsignedApprovalPayload } from './types';

const NOW = 1_800_000_000_000;
const OLD = 'the secret of last quarter, 32+ bytes long';
const NEW = 'the secret of this quarter, 32+ bytes long';
const ring = createApprovalKeyring([
  { id: 'q3', secret: NEW },
  { id: 'q2', secret: OLD },
]);

const unsigned: UnsignedApprovalPayload = {
  ...requestView(),
  version: 3,
  kind: 'approval',
  toolName: 'send-payment',
  callId: 'call-1',
  arguments: { payee: 'ada', cents: 500 },
  argumentsValidated: true,
  storeEpoch: 'epoch-1',
  issuedAt: NOW,
  expiresAt: NOW + 60_000,
  nonce: 'nonce-1',
  replayScope: 'tenant=t1;principal=u1',
};

function refusal(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    expect(ApprovalError.isInstance(error)).toBe(true);
    return (error as ApprovalError).code;
  }
}

describe('version 3 bindings', () => {
  test('carry the store epoch and the argument form, signed; the envelope names the signing key', () => {
    const envelope = signApprovalPayload(unsigned, ring);
    expect(envelope).toMatchObject({ version: 3, keyId: 'q3' });
    expect(Object.keys(envelope).sort()).toEqual(['keyId', 'payload', 'signature', 'version']);
    const opened = openApprovalBinding(JSON.parse(JSON.stringify(envelope)), ring) as ApprovalBindingV3;
    expect(opened).toMatchObject({ version: 3, storeEpoch: 'epoch-1', argumentsValidated: true });
    expect(opened.arguments).toEqual({ payee: 'ada', cents: 500 });
    expect(approvalBindingStoreEpoch(opened)).toBe('epoch-1');
    expect(Object.isFrozen(opened)).toBe(true);
    // Defaults: no epoch, proposed arguments.
    const plain = parseApprovalBinding(
      signApprovalPayload({ ...unsigned, storeEpoch: undefined, argumentsValidated: undefined }, NEW),
    ) as ApprovalBindingV3;
    expect(plain).toMatchObject({ storeEpoch: null, argumentsValidated: false });
  });

  test('signed under a single secret: no key id, and any ring holding that secret verifies it', () => {
    const envelope = signApprovalPayload(unsigned, OLD);
    expect('keyId' in envelope).toBe(false);
    expect(openApprovalBinding(envelope, ring).signature).toBe(envelope.signature);
    expect(
      refusal(() => openApprovalBinding(envelope, createApprovalKeyring([{ id: 'q3', secret: NEW }]))),
    ).toBe('invalid-signature');
    // A ring signed it, a process still on the single secret verifies it (whatever id it names).
    const named = signApprovalPayload(unsigned, createApprovalKeyring([{ id: 'q2', secret: OLD }]));
    expect(openApprovalBinding(named, OLD).signature).toBe(named.signature);
  });

  test('versions 2 and 3 sign under different domains: relabelling one as the other is refused', () => {
    const v3 = signApprovalPayload(unsigned, NEW);
    const v2 = signApprovalPayload(
      { ...unsigned, version: 2, storeEpoch: undefined, argumentsValidated: undefined },
      NEW,
    );
    expect(refusal(() => openApprovalBinding({ ...v3, version: 2 }, NEW))).toBe('invalid-signature');
    expect(refusal(() => openApprovalBinding({ ...v2, version: 3 }, NEW))).toBe('invalid-signature');
    expect(() => approvalPayloadText({ ...unsigned, version: 2 })).toThrow(TypeError);
  });

  test('a key id picks the key: another id, an unknown one or a malformed one never verifies', () => {
    const envelope = signApprovalPayload(unsigned, ring);
    expect(refusal(() => openApprovalBinding({ ...envelope, keyId: 'q2' }, ring))).toBe('invalid-signature');
    expect(refusal(() => openApprovalBinding({ ...envelope, keyId: 'q1' }, ring))).toBe('invalid-signature');
    for (const keyId of [42, '', 'has space', 'x'.repeat(65), null]) {
      expect(refusal(() => openApprovalBinding({ ...envelope, keyId }, ring))).toBe('invalid-binding');
    }
    // Without its key id, every key is tried.
    const { keyId: _dropped, ...anonymous } = envelope;
    expect(openApprovalBinding(anonymous, ring).signature).toBe(envelope.signature);
  });

  test('rotation (property): whatever ring signed it, a ring holding that key under that id verifies it', () => {
    const key = fc.record({
      id: fc.stringMatching(/^[a-z0-9]{1,8}$/),
      secret: fc.string({ minLength: 32, maxLength: 48 }),
    });
    const keys = fc.uniqueArray(key, { minLength: 1, maxLength: 4, selector: (entry) => entry.id });
    fc.assert(
      fc.property(keys, keys, fc.dictionary(fc.string(), fc.jsonValue()), (before, extra, args) => {
        const signed = signApprovalPayload({ ...unsigned, arguments: args }, createApprovalKeyring(before));
        const signer = before[0] as { id: string; secret: string };
        // The next ring: new keys first, the old signing key kept further down.
        const next = [...extra.filter((entry) => entry.id !== signer.id), signer];
        const opened = openApprovalBinding(JSON.parse(JSON.stringify(signed)), createApprovalKeyring(next));
        expect(canonicalJson((opened as ApprovalBindingV3).arguments)).toBe(canonicalJson(args));
        // Dropped from the ring (and no other key with its secret): refused.
        const dropped = extra.filter((entry) => entry.id !== signer.id && entry.secret !== signer.secret);
        if (dropped.length > 0) {
          expect(refusal(() => openApprovalBinding(signed, createApprovalKeyring(dropped)))).toBe(
            'invalid-signature',
          );
        }
      }),
      { numRuns: 80 },
    );
  });

  test('any change to an envelope (payload, signature, key id, version) is refused (property)', () => {
    const envelope = signApprovalPayload(unsigned, ring);
    fc.assert(
      fc.property(
        fc.record({
          payload: fc.option(fc.string({ maxLength: 4 }), { nil: undefined }),
          at: fc.nat({ max: envelope.payload.length }),
          signature: fc.option(fc.stringMatching(/^[0-9a-f]{64}$/), { nil: undefined }),
          keyId: fc.option(fc.constantFrom('q2', 'q3', 'zz'), { nil: undefined }),
          version: fc.option(fc.constantFrom(1, 2, 3, 4), { nil: undefined }),
        }),
        (change) => {
          const changed = {
            version: change.version ?? envelope.version,
            payload:
              change.payload === undefined
                ? envelope.payload
                : envelope.payload.slice(0, change.at) + change.payload + envelope.payload.slice(change.at),
            signature: change.signature ?? envelope.signature,
            keyId: change.keyId ?? envelope.keyId,
          };
          const same =
            changed.version === 3 &&
            changed.payload === envelope.payload &&
            changed.signature === envelope.signature &&
            changed.keyId === 'q3';
          expect(refusal(() => openApprovalBinding(changed, ring)) === undefined).toBe(same);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the size limit of signed arguments', () => {
  test('arguments over the limit are refused with arguments-too-large; the limit is an option', () => {
    const big = { text: 'x'.repeat(3 * DEFAULT_MAX_ARGUMENTS_BYTES) };
    expect(refusal(() => signApprovalPayload({ ...unsigned, arguments: big }, ring))).toBe(
      'arguments-too-large',
    );
    const envelope = signApprovalPayload({ ...unsigned, arguments: big }, ring, {
      maxArgumentsBytes: 4 * DEFAULT_MAX_ARGUMENTS_BYTES,
    });
    // Opening checks the payload length first: under the default it is refused, under the option it opens.
    expect(refusal(() => openApprovalBinding(envelope, ring))).toBe('invalid-binding');
    expect(
      refusal(() =>
        openApprovalBinding(envelope, ring, { maxArgumentsBytes: 4 * DEFAULT_MAX_ARGUMENTS_BYTES }),
      ),
    ).toBeUndefined();
    expect(() => signApprovalPayload(unsigned, ring, { maxArgumentsBytes: 0 })).toThrow(TypeError);
    expect(() => signApprovalPayload(unsigned, ring, { maxArgumentsBytes: 1.5 })).toThrow(TypeError);
    expect(
      refusal(() =>
        signApprovalPayload({ ...unsigned, arguments: big }, ring, { maxArgumentsBytes: Infinity }),
      ),
    ).toBe(undefined);
  });

  test('a huge forged payload is refused before any signature is computed', () => {
    let hashed = 0;
    const counting = {
      get payload() {
        hashed++;
        return 'x'.repeat(DEFAULT_MAX_ARGUMENTS_BYTES * 3);
      },
    };
    expect(
      refusal(() => openApprovalBinding({ version: 3, signature: 'a'.repeat(64), ...counting }, ring)),
    ).toBe('invalid-binding');
    expect(hashed).toBe(1);
  });

  test('the limit counts UTF-8 bytes of the canonical JSON, exactly (property)', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'é', '€', '😀', '\ud800', '"', '\\', '\u0001'),
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 300 }),
        (value, limit) => {
          const text = canonicalJson({ value });
          const bytes = encoder.encode(text).length;
          expect(exceedsUtf8(text, limit)).toBe(bytes > limit);
          const signs = refusal(() =>
            signApprovalPayload({ ...unsigned, arguments: { value } }, ring, { maxArgumentsBytes: limit }),
          );
          expect(signs === undefined).toBe(bytes <= limit);
          if (signs !== undefined) expect(signs).toBe('arguments-too-large');
        },
      ),
      { numRuns: 300 },
    );
  });

  test('verify takes the same options as open', () => {
    const args = { text: 'x'.repeat(3 * DEFAULT_MAX_ARGUMENTS_BYTES) };
    const options = { maxArgumentsBytes: 4 * DEFAULT_MAX_ARGUMENTS_BYTES };
    const envelope = signApprovalPayload({ ...unsigned, arguments: args }, ring, options);
    expect(verifyApprovalBinding(envelope, ring, options).callId).toBe('call-1');
    expect(refusal(() => verifyApprovalBinding(envelope, ring))).toBe('invalid-binding');
  });
});
