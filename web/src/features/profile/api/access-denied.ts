import { ACCESS_DENIED_KEY } from '@/lib/api/api-client';
import { readJson } from '@/lib/storage';

export interface AccessDeniedInfo {
  email: string | null;
  urls: string[];
}

/** What the last 403 with available URLs left behind. */
export function readAccessDenied(): AccessDeniedInfo {
  const stored = readJson<Partial<AccessDeniedInfo>>(localStorage, ACCESS_DENIED_KEY);
  return { email: stored?.email ?? null, urls: Array.isArray(stored?.urls) ? stored.urls : [] };
}
