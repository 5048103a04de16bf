import { describe, expect, it } from 'vitest';
import { type AlertInput, alertCodes } from './waybill-lifecycle.alerts';

const clean: AlertInput = {
  issued: true,
  voided: false,
  weight: '100.000',
  shcs: ['EAP', 'GEN'],
  forwarderAccount: '12-3 4567/0001',
  bookingWeights: ['100.000', '100'],
  numberAssigned: true,
  forwarderIataCode: '1234567',
  cancelledSegment: false,
  discrepancy: false,
};

describe('alert rules of a waybill (seed 001 section 8)', () => {
  it('raises nothing for a waybill in order', () => {
    expect(alertCodes(clean)).toEqual([]);
  });

  it('asks for an e-AWB code only once the waybill is issued', () => {
    expect(alertCodes({ ...clean, shcs: ['GEN'] })).toEqual(['missing_eawb']);
    expect(alertCodes({ ...clean, shcs: ['GEN'], issued: false })).toEqual([]);
    expect(alertCodes({ ...clean, shcs: ['ECC'] })).toEqual([]);
  });

  it('compares booking weights to the gram', () => {
    expect(alertCodes({ ...clean, bookingWeights: ['100.001'] })).toEqual(['awb_weight_differs']);
    expect(alertCodes({ ...clean, bookingWeights: [] })).toEqual([]);
  });

  it('compares the agent account with the IATA code ignoring separators, only when both are known', () => {
    expect(alertCodes({ ...clean, forwarderAccount: '7654321' })).toEqual(['forwarder_iata_mismatch']);
    expect(alertCodes({ ...clean, forwarderAccount: null })).toEqual([]);
    expect(alertCodes({ ...clean, forwarderIataCode: null, forwarderAccount: '7654321' })).toEqual([]);
  });

  it('names every warning that holds, and none for a voided waybill', () => {
    const all: AlertInput = {
      ...clean,
      shcs: [],
      bookingWeights: ['90'],
      numberAssigned: false,
      forwarderAccount: '99',
      cancelledSegment: true,
      discrepancy: true,
    };
    expect(alertCodes(all)).toEqual([
      'missing_eawb',
      'awb_weight_differs',
      'mawb_not_assigned',
      'forwarder_iata_mismatch',
      'cancelled_flight',
      'dis_status',
    ]);
    expect(alertCodes({ ...all, voided: true })).toEqual([]);
  });
});
