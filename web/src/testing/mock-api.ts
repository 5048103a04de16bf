import type { Profile } from '@aircargo/contract/profile';
import { vi } from 'vitest';
import { resetApiClient } from '@/lib/api/api-client';
import { resetSessionCache, setSession } from '@/lib/auth/session';
import { makeProfile } from './profiles';

/** A fetch the page made: method, URL and the parsed JSON body. */
export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A test's answer to a call; undefined leaves it to the default (an empty page). */
export type Answer = (call: Call) => Response | undefined;

const EMPTY_PAGE = {
  data: [],
  meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 0, per_page: 25 },
};

/**
 * Signs in a session with `profile` and answers fetches: the profile call, then `answer`, else an empty page. Returns the
 * calls as they are made.
 */
export function mockApi(profile: Partial<Profile>, answer: Answer): Call[] {
  const calls: Call[] = [];
  resetApiClient();
  resetSessionCache();
  setSession(
    {
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 7200,
      created_at: Math.floor(Date.now() / 1000),
      scope: 'public',
      token_type: 'Bearer',
      email: 'user@demo.aero',
    },
    false,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method, url, body };
      calls.push(call);
      if (url.startsWith('/api/v3/profiles/me')) return Response.json(makeProfile(profile));
      return answer(call) ?? Response.json(EMPTY_PAGE);
    }),
  );
  return calls;
}
