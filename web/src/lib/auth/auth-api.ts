import { apiRequest } from '@/lib/api/api-client';
import { ApiError } from '@/lib/api/errors';
import { clearSession, getSession, type Session, setSession, tokenResponseSchema } from './session';

export interface SignInInput {
  email: string;
  password: string;
  remember_me: boolean;
}

/** Password grant; stores the session (remember me keeps it across browser restarts). */
export async function signIn(input: SignInInput): Promise<Session> {
  const result = await apiRequest('/oauth/token', {
    method: 'POST',
    body: { grant_type: 'password', ...input },
    auth: false,
    kind: false,
    schema: tokenResponseSchema,
  });
  if (!result.ok) throw result.error;
  return setSession(result.data, input.remember_me);
}

/** Revokes the token; the session is cleared even when the call fails. */
export async function signOut(): Promise<void> {
  const session = getSession();
  try {
    if (session) {
      await apiRequest('/oauth/revoke', {
        method: 'POST',
        body: { token: session.access_token },
        kind: false,
        retries: 0,
      });
    }
  } finally {
    clearSession('user');
  }
}

export function isThrottled(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}
