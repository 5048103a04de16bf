/**
 * Cargo-IMP versions per type: the ones the parsers are written for, the older ones whose layout
 * they read as well, and everything else older, which `parse` reports as UNSUPPORTED_VERSION.
 * Newer versions than the newest supported are read with the newest layout (with a warning).
 */
import type { MessageType } from './types';

export interface VersionSupport {
  /** Versions the parser is written for. */
  supported: readonly number[];
  /** Older versions with a compatible layout, read with a warning (OLD_FORMAT). */
  compatible: readonly number[];
}

export const VERSION_SUPPORT: Partial<Record<MessageType, VersionSupport>> = {
  FWB: { supported: [16, 17], compatible: [9, 10, 11, 12, 13, 14, 15] },
  FHL: { supported: [4, 5], compatible: [2, 3] },
  FFM: { supported: [5, 8], compatible: [3, 4, 6, 7] },
  FBL: { supported: [3, 4], compatible: [2] },
  FSU: { supported: [12, 13, 14, 15], compatible: [10, 11] },
  FSA: { supported: [12, 13, 14, 15], compatible: [10, 11] },
  FFR: { supported: [8], compatible: [] },
  FFA: { supported: [4], compatible: [] },
  CSN: { supported: [3], compatible: [] },
};

export type VersionVerdict = 'supported' | 'compatible' | 'newer' | 'unsupported' | 'unversioned';

/** How `parse` treats a version of a type. */
export function versionVerdict(type: MessageType, version: number | null): VersionVerdict {
  const s = VERSION_SUPPORT[type];
  if (!s || version === null) return 'unversioned';
  if (s.supported.includes(version)) return 'supported';
  if (version > Math.max(...s.supported)) return 'newer';
  if (s.compatible.includes(version)) return 'compatible';
  return 'unsupported';
}
