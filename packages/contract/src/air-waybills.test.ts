import { describe, expect, it } from 'vitest';
import { airWaybillCreate, airWaybillUpdate, awbNumber, awbRef } from './air-waybills';
import { decodeMessage } from './messages';

const keyOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => decodeMessage(i.message)?.key);

const base = {
  origin_iata: 'SVO',
  destination_iata: 'ALA',
  pieces: 1,
  weight: 10,
  hs_codes: ['851712'],
  shipper: { name: 'S' },
  consignee: { name: 'C' },
};

describe('air waybill numbers in requests', () => {
  it('normalises a typed number and refuses a wrong pattern or check digit', () => {
    expect(awbNumber.parse('555 12345675')).toBe('555-12345675');
    expect(awbNumber.parse('55512345675')).toBe('555-12345675');
    expect(keyOf(awbNumber.safeParse('555-1234567'))).toEqual(['awbPattern']);
    expect(keyOf(awbNumber.safeParse('555-12345676'))).toEqual(['awbControlBit']);
  });

  it('reads a route :id as a row id or an AWB number', () => {
    expect(awbRef.parse('42')).toBe(42);
    expect(awbRef.parse('555-12345675')).toBe('555-12345675');
    expect(awbRef.parse('55512345675')).toBe('555-12345675');
    expect(awbRef.safeParse('abc').success).toBe(false);
  });
});

describe('create and update bodies', () => {
  it('takes a typed number or one from stock, not both, not neither', () => {
    expect(airWaybillCreate.safeParse({ ...base, mawb: '555-12345675' }).success).toBe(true);
    expect(airWaybillCreate.safeParse({ ...base, from_stock: true, prefix: '555' }).success).toBe(true);
    expect(
      keyOf(airWaybillCreate.safeParse({ ...base, from_stock: true, prefix: '555', mawb: '555-12345675' })),
    ).toEqual(['awbNumberOrStock']);
    expect(keyOf(airWaybillCreate.safeParse(base))).toEqual(['required']);
    expect(keyOf(airWaybillCreate.safeParse({ ...base, from_stock: true }))).toEqual(['required']);
  });

  it('fills the create defaults but leaves an update with only what was sent', () => {
    const created = airWaybillCreate.parse({ ...base, mawb: '555-12345675' });
    expect(created).toMatchObject({ volume: 0, shcs: [], payment: 'prepaid', postal: false, route: [] });
    expect(airWaybillUpdate.parse({ air_waybill: { pieces: 2 } })).toEqual({ air_waybill: { pieces: 2 } });
  });
});
