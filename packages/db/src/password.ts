import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is a const enum (value 2), which isolatedModules cannot inline.
const ARGON2ID = 2;

/** Hashes a password with argon2id (OWASP parameters: 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/** Constant-time check of a password against an argon2 hash; false for a missing hash. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
