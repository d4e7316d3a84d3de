import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Stored form: `v1:` + base64url(12-byte IV ‖ 16-byte GCM tag ‖ ciphertext). */
const PREFIX = 'v1:';

/** Whether a stored value is one of ours (anything else is a legacy plaintext value). */
export function isSealed(stored: string) {
  return stored.startsWith(PREFIX);
}

/**
 * Encrypts a secret for storage with AES-256-GCM. `context` (e.g. `sso-client-secret:<orgId>`) is bound
 * as additional data, so a value copied to another row or purpose does not decrypt.
 */
export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Decrypts a value of `sealSecret`; throws on a wrong key, context or a tampered value. */
export function openSecret(key: Buffer, stored: string, context: string): string {
  if (!isSealed(stored)) throw new Error('not a sealed secret');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
