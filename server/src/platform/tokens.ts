import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token: 32 bytes, URL-safe. Only its SHA-256 hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
