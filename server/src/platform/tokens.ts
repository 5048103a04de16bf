import { hash, randomBytes } from 'node:crypto';

/** An opaque random token: 32 bytes, URL-safe. Only its SHA-256 hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  // The one-shot form: no Hash object per call (it runs on every authenticated request).
  return hash('sha256', token, 'hex');
}
