import { authApi, type PasswordGrant } from '@aircargo/contract/auth';
import { requestApi } from '@/lib/api/endpoint';
import { ApiError } from '@/lib/api/errors';
import { clearSession, getSession, type Session, setSession } from './session';

/** The password grant of the contract as the sign-in form fills it (remember me is a checkbox). */
export type SignInInput = Pick<PasswordGrant, 'email' | 'password'> & { remember_me: boolean };

/** Password grant; stores the session (remember me keeps it across browser restarts). */
export async function signIn(input: SignInInput): Promise<Session> {
  const result = await requestApi(authApi.token, { body: { grant_type: 'password', ...input }, kind: false });
  if (!result.ok) throw result.error;
  return setSession(result.data, input.remember_me);
}

/** Revokes the token; the session is cleared even when the call fails. */
export async function signOut(): Promise<void> {
  const session = getSession();
  try {
    if (session) {
      await requestApi(authApi.revoke, { body: { token: session.access_token }, kind: false, retries: 0 });
    }
  } finally {
    clearSession('user');
  }
}

export function isThrottled(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}
