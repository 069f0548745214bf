import { describe, expect, it } from 'vitest';
import { SealedSecretError, WrongSecretKeyError, openSecret, sealSecret, sealedKeyId } from '../../../relay/secrets/sealed-secret.js';
import { parseSecretKey } from '../../../relay/secrets/secret-key.js';
import { SecretBackendError } from '../../../relay/secrets/secret-store.js';

const KEY = parseSecretKey('a1'.repeat(32), 'test');
const OTHER = parseSecretKey('b2'.repeat(32), 'test');
const SECRET = 'sk-live-0123456789abcdefDEADBEEF';

/** The sealed value with one of its five fields replaced. */
function withField(sealed: string, index: number, value: (field: string) => string): string {
  const parts = sealed.split(':');
  parts[index] = value(parts[index]!);
  return parts.join(':');
}

/** Flips one bit of a base64 field's bytes. */
const flipBit = (field: string): string => {
  const bytes = Buffer.from(field, 'base64');
  bytes[0]! ^= 1;
  return bytes.toString('base64');
};

describe('sealed secrets (AES-256-GCM)', () => {
  it('opens what it sealed, for any text including the empty one and non-ASCII', () => {
    for (const value of [SECRET, '', 'clé → 秘密 🔑', 'x'.repeat(10_000)]) {
      expect(openSecret(KEY, 'channel:1:key', sealSecret(KEY, 'channel:1:key', value))).toBe(value);
    }
  });

  it('writes the versioned, self-describing format, with a fresh nonce for every value and no plain text', () => {
    const first = sealSecret(KEY, 'channel:1:key', SECRET);
    const second = sealSecret(KEY, 'channel:1:key', SECRET);
    expect(first).toMatch(new RegExp(`^v1:${KEY.id}:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/=]+:[A-Za-z0-9+/]{22}==$`));
    expect(Buffer.from(first.split(':')[2]!, 'base64')).toHaveLength(12);
    expect(first).not.toBe(second);
    expect(first.split(':')[2]).not.toBe(second.split(':')[2]);
    expect(first).not.toContain(SECRET);
    expect(first).not.toContain(Buffer.from(SECRET).toString('base64').slice(0, 12));
    expect(sealedKeyId('channel:1:key', first)).toBe(KEY.id);
  });

  it('names both keys when a value sealed with one is opened with another', () => {
    const sealed = sealSecret(KEY, 'channel:1:key', SECRET);
    const opening = () => openSecret(OTHER, 'channel:1:key', sealed);
    expect(opening).toThrow(WrongSecretKeyError);
    expect(opening).toThrow(SecretBackendError);
    expect(opening).toThrow(`The secret "channel:1:key" was sealed with key ${KEY.id}; this start has key ${OTHER.id}.`);
  });

  it('binds the value to its name: a value copied under another name does not open', () => {
    const sealed = sealSecret(KEY, 'channel:1:key', SECRET);
    expect(() => openSecret(KEY, 'channel:2:key', sealed)).toThrow(SealedSecretError);
    expect(() => openSecret(KEY, 'channel:2:key', sealed)).toThrow(/copied from another secret/);
  });

  it.each([
    ['nonce', 2],
    ['ciphertext', 3],
    ['tag', 4],
  ])('refuses a value whose %s was changed by one bit', (_field, index) => {
    const tampered = withField(sealSecret(KEY, 'n', SECRET), index, flipBit);
    expect(() => openSecret(KEY, 'n', tampered)).toThrow(SealedSecretError);
    expect(() => openSecret(KEY, 'n', tampered)).toThrow(`The secret "n" does not open with key ${KEY.id}`);
  });

  it('refuses a value whose key id was rewritten to the opening key (the key id is not a way round the check)', () => {
    const tampered = withField(sealSecret(OTHER, 'n', SECRET), 1, () => KEY.id);
    expect(() => openSecret(KEY, 'n', tampered)).toThrow(SealedSecretError);
  });

  it('refuses an unknown format version, and says a newer version may have written it', () => {
    const sealed = sealSecret(KEY, 'n', SECRET);
    expect(() => openSecret(KEY, 'n', withField(sealed, 0, () => 'v2'))).toThrow('The secret "n" is stored in format v2, which this version of Relaydesk does not know');
    expect(() => openSecret(KEY, 'n', Buffer.from(SECRET).toString('base64'))).toThrow('The secret "n" is stored in an unknown format.');
  });

  it.each([
    ['a missing field', (s: string) => s.split(':').slice(0, 4).join(':')],
    ['an extra field', (s: string) => `${s}:AAAA`],
    ['a short nonce', (s: string) => withField(s, 2, () => 'AAAA')],
    ['a short tag', (s: string) => withField(s, 4, () => 'AAAAAAAA')],
    ['a field that is not base64', (s: string) => withField(s, 3, (f) => `${f.slice(1)}!`)],
    ['a malformed key id', (s: string) => withField(s, 1, () => 'zz')],
  ])('calls a value with %s damaged', (_what, damage) => {
    expect(() => openSecret(KEY, 'n', damage(sealSecret(KEY, 'n', SECRET)))).toThrow('The secret "n" is damaged');
  });
});
