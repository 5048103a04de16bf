import { type Profile, profileApi } from '@aircargo/contract/profile';
import type { Locale } from '@aircargo/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { callApi } from '@/lib/api/endpoint';
import { getSession, type Session, subscribeSession } from './session';

export const PROFILE_QUERY_KEY = ['profile', 'me'] as const;

export function profileQueryOptions() {
  return queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => callApi(profileApi.get, { signal, kind: false }),
    staleTime: 60_000,
  });
}

/** The signed-in session, re-rendering on sign-in, renewal and sign-out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The current user's profile; only fetched with a session. */
export function useProfile() {
  const session = useSession();
  return useQuery({ ...profileQueryOptions(), enabled: session !== null });
}

/** Authorised: signed in and the profile has a company short name. */
export function isAuthorised(profile: Profile | undefined | null): boolean {
  return Boolean(profile?.company_short_name);
}

/** Switches the active company and role; every cached company-dependent answer is dropped. */
export function useSwitchRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roleId: number) => callApi(profileApi.switchRole, { body: { role_id: roleId }, kind: false }),
    onSuccess: async (profile) => {
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'profile' });
      client.setQueryData(PROFILE_QUERY_KEY, profile);
      await client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}

export function useUpdateLocale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale) => callApi(profileApi.update, { body: { locale }, kind: false }),
    onSuccess: (profile) => client.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
