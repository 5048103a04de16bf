import { processCpm, processLdm, processMvt, processUcm } from './telegram-processors.ahm';
import { processFfa, processFfr } from './telegram-processors.bookings';
import { processFbl, processFfm, processUws } from './telegram-processors.documents';
import { processSchedule } from './telegram-processors.schedule';
import type { TelegramProcessor } from './telegram-processors.types';

/**
 * The processors of the incoming telegrams by message type (issue 14 item 1): the worker of modules/incoming-telegrams
 * calls the one of a telegram's type inside its transaction (see telegram-processors.types.ts). Booking requests and
 * answers go through the bookings service, flight documents are stored on the flight (flight_documents), schedule
 * messages take the SSIM path of modules/ssim-telegrams, the AHM load-control telegrams are flight documents too (MVT
 * also writes the leg's actual and estimated times). Decision 029.
 */
export const TELEGRAM_PROCESSORS: Partial<Record<string, TelegramProcessor>> = {
  FFR: processFfr,
  FFA: processFfa,
  FBL: processFbl,
  FFM: processFfm,
  UWS: processUws,
  SSM: processSchedule,
  ASM: processSchedule,
  MVT: processMvt,
  LDM: processLdm,
  CPM: processCpm,
  UCM: processUcm,
};
