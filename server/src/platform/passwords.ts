import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id with the OWASP minimum: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2ID = 2; // Algorithm.Argon2id (an ambient const enum)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so that timing does not reveal it. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password-0');
  return dummy;
}

/**
 * Passwords found in breaches and common-password lists (the ~49,000 of zxcvbn-ts' common dictionary, built from
 * public breach corpora), checked offline, compared in lower case.
 */
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

export const PASSWORD_TOO_COMMON = 'is too common: it appears in lists of breached passwords';
export const PASSWORD_HAS_EMAIL = 'must not contain the e-mail address';

/**
 * The password policy beyond its minimum length (ASVS 5.0 V6.2): not a common or breached password, not equal to or
 * containing the e-mail address or its local part. Any length from the minimum up is allowed (64 and more too).
 * Answers the problem, or null.
 */
export function passwordPolicyProblem(password: string, email?: string | null): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return PASSWORD_TOO_COMMON;
  if (email) {
    const address = email.toLowerCase();
    const local = address.split('@')[0] ?? '';
    if (lower.includes(address) || (local.length >= 3 && lower.includes(local))) return PASSWORD_HAS_EMAIL;
  }
  return null;
}
