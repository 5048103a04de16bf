import type { CompanyType } from './company';

/**
 * Telegram traffic rules of seed 001 section 9 ("Telegram types sendable by an airline: CSN, FFM, FSU, FWB; by the
 * platform: CSN, FFA, FFM, FFR, FSU, FWB. Message types processed by an airline: FBL; by the platform: FBL, FFA, FWB"),
 * extended by issue 14, which has the platform's intake (the one mailbox that serves every airline) also apply FHL,
 * FSU/FSA, FFR, FFM, UWS and the schedule messages SSM/ASM, and has houses go out as FHL.
 */
export const OUTGOING_TELEGRAM_TYPES = [
  'FWB',
  'FHL',
  'FSU',
  'FFR',
  'FFA',
  'FFM',
  'FBL',
  'CSN',
  'UWS',
  'ACI',
  'PLACI',
] as const;
export type OutgoingTelegramType = (typeof OUTGOING_TELEGRAM_TYPES)[number];

/** Who may send which telegram type; FHL travels with the FWB it belongs to, so whoever sends FWB sends FHL. */
export const SENDABLE_TELEGRAM_TYPES: Record<CompanyType, readonly OutgoingTelegramType[]> = {
  platform: ['CSN', 'FFA', 'FFM', 'FFR', 'FSU', 'FWB', 'FHL'],
  airline: ['CSN', 'FFM', 'FSU', 'FWB', 'FHL'],
  forwarder: [],
  handler: [],
  visitor: [],
};

/**
 * The AHM load-control telegrams (MVT, LDM, CPM, UCM) are not Cargo-IMP, so the seed's lists do not name them; they
 * are about one airline's own flights, and an airline as well as the platform attaches them to the flight.
 */
export const AHM_TELEGRAM_TYPES = ['MVT', 'LDM', 'CPM', 'UCM'] as const;

/** Incoming types the worker applies for a receiving company of each type; the rest are stored and parsed only. */
export const PROCESSED_TELEGRAM_TYPES: Record<CompanyType, readonly string[]> = {
  platform: ['FBL', 'FFA', 'FWB', 'FHL', 'FSU', 'FSA', 'FFR', 'FFM', 'UWS', 'SSM', 'ASM', ...AHM_TELEGRAM_TYPES],
  airline: ['FBL', ...AHM_TELEGRAM_TYPES],
  forwarder: [],
  handler: [],
  visitor: [],
};

export function canSendTelegram(type: CompanyType, telegram: string): boolean {
  return (SENDABLE_TELEGRAM_TYPES[type] as readonly string[]).includes(telegram);
}

export function isTelegramProcessed(type: CompanyType, telegram: string): boolean {
  return PROCESSED_TELEGRAM_TYPES[type].includes(telegram);
}
