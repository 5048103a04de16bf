import { useMemo } from 'react';
import { useProfile } from '@/lib/auth/profile';
import { type GateContext, gateContextOf } from './access';
import { currentHost } from './subdomain';

/** Gating context of the signed-in user on this host. */
export function useGateContext(): GateContext {
  const { data: profile } = useProfile();
  return useMemo(() => gateContextOf(profile, currentHost()), [profile]);
}
