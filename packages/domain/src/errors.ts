/** Application error codes of seed 001 section 8, plus the transport-level ones the API uses. */
export const ERROR_CODES = [
  'Undefined',
  'NotFound',
  'Exists',
  'EmptyFields',
  'NoValidAgreement',
  'ForbiddenShc',
  'ConfirmationNotMatch',
  'PasswordTooShort',
  'TokenInvalid',
  'IncorrectLoginOrPassword',
  'ValidationFailed',
  'Unauthorized',
  'Forbidden',
  'TooManyRequests',
  'PayloadTooLarge',
  'BadRequest',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Messages the specification names, keyed for reuse by server and web. */
export const ERROR_MESSAGES = {
  userExists: 'User already exists in the company',
  cantAssignRole: "Can't assign role for non-system user",
  cantChangeRole: "Can't change role for non-system user",
  userNotFound: 'User not found',
  agreementNotFound: 'Agreement not found',
  companyNotFound: 'Company of user is not found',
  passwordTooShort: 'Password is too short (minimum is 8 characters)',
  confirmationNotMatch: "Password confirmation doesn't match Password",
  tokenInvalid: 'Reset password token is invalid',
  incorrectLogin: 'Incorrect login or password',
  notAuthorized: 'Not authorized',
  accessDenied: 'Access denied',
  undefinedError: 'An undefined error occurred, please contact support',
} as const;
