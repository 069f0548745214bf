import type { SecretSealer } from '../../relay/secrets/secret-store.js';

/**
 * Stands in for OS-bound encryption (Electron safeStorage): what one `user` seals, only the
 * same user unseals; another user's unseal throws, as decryptString does.
 */
export function fakeSealer(user = 'alice'): SecretSealer {
  const mark = Buffer.from(`sealed-for:${user}:`);
  const flip = (bytes: Buffer) => Buffer.from(bytes.map((byte) => byte ^ 0x5a));
  return {
    name: `fake OS sealer (${user})`,
    seal: async (plain) => Buffer.concat([mark, flip(plain)]),
    async unseal(sealed) {
      if (!sealed.subarray(0, mark.length).equals(mark)) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return flip(sealed.subarray(mark.length));
    },
  };
}
