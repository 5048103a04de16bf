/**
 * The one normal form of an e-mail address, used wherever an address is looked up, stored, recorded or counted.
 * Addresses are ASCII (the contract refuses others, see `emailAddress`), so lower-casing here agrees with SQL `lower()`;
 * a Unicode address such as one with a Turkish capital İ never reaches a look-up, where the two would disagree.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Plain ASCII `local@domain.tld`, as sign-up, sign-in and user creation all accept. */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}
