import { generateSsim, type Ssim, type SsimLeg } from '@aircargo/cargo-messages';

export const ZONES = {
  SVO: 'Europe/Moscow',
  ALA: 'Asia/Almaty',
  NQZ: 'Asia/Almaty',
  FRA: 'Europe/Berlin',
  LHR: 'Europe/London',
  JFK: 'America/New_York',
};

export function leg(p: Partial<SsimLeg>): SsimLeg {
  return {
    airline: 'SU',
    flightNumber: 100,
    itineraryVariation: 1,
    legSequence: 1,
    serviceType: 'F',
    periodFrom: '2026-03-01',
    periodTo: '2026-03-31',
    daysOfOperation: [1, 2, 3, 4, 5, 6, 7],
    departureStation: 'SVO',
    passengerStd: '1000',
    aircraftStd: '1000',
    departureUtcOffset: '+0300',
    arrivalStation: 'ALA',
    aircraftSta: '1700',
    passengerSta: '1700',
    arrivalUtcOffset: '+0500',
    aircraftType: '77F',
    dateVariation: { departure: 0, arrival: 0 },
    ...p,
  };
}

export function ssimText(legs: SsimLeg[], airline = 'SU', timeMode: 'U' | 'L' = 'L'): string {
  const m: Ssim = {
    type: 'SSIM',
    title: 'AIRLINE STANDARD SCHEDULE DATA SET',
    carriers: [
      { timeMode, airline, periodFrom: '2026-01-01', periodTo: '2026-12-31', creationDate: '2026-01-01', legs },
    ],
  };
  return generateSsim(m);
}
