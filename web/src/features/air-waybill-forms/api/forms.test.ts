import { airWaybillCreate, airWaybillFromBooking, airWaybillUpdate } from '@aircargo/contract/air-waybills';
import { houseWaybillCreate } from '@aircargo/contract/house-waybills';
import { describe, expect, it } from 'vitest';
import { makeAirWaybill, makeHouse } from '../testing';
import {
  createFormSchema,
  editFormSchema,
  emptyWaybillForm,
  fromBookingFormSchema,
  isWaybillField,
  serverFieldOf,
  updateBody,
  waybillFormValues,
} from './forms';
import { houseCreateSchema, houseFormValues } from './house-forms';

// What a form sends is what the contract made of the typed values; the server parses it again with the same schema,
// so the body must come through that second parse unchanged.

const filled = () => ({
  ...emptyWaybillForm(),
  mawb: '555 12345675',
  pieces: 4,
  weight: 120.5,
  commodity: 'Spare parts',
  shcs: ['gen'],
  hs_codes: ['8473.30'],
  origin_iata: 'svo',
  destination_iata: 'ala',
  route: [{ origin: 'svo', destination: 'ala', carrier: 'su', flight: 'su1950', date: '2026-12-02' }],
  shipper: { ...emptyWaybillForm().shipper, name: 'Shipper LLC', country_code: 'ru', tax_id: '7701234567' },
  consignee: { ...emptyWaybillForm().consignee, name: 'Consignee LLP' },
});

describe('waybill form bodies', () => {
  it('sends a create body the server parses to the same waybill', () => {
    const body = createFormSchema.parse(filled());
    expect(body).toMatchObject({ mawb: '555-12345675', shcs: ['GEN'], hs_codes: ['847330'], manual_route: true });
    expect(airWaybillCreate.parse(JSON.parse(JSON.stringify(body)))).toEqual(body);
  });

  it('sends an edit body the server parses as PATCH {air_waybill, dimensions}', () => {
    const values = editFormSchema.parse(waybillFormValues(makeAirWaybill()));
    const body = updateBody(values, 3);
    expect(airWaybillUpdate.parse(JSON.parse(JSON.stringify(body)))).toEqual(body);
    expect(body.dimensions).toEqual([{ length: 120, width: 80, height: 60, pieces: 4, weight: null }]);
  });

  it("sends a booking's body without the cargo the booking holds", () => {
    const body = fromBookingFormSchema(false).parse(filled());
    expect(airWaybillFromBooking.parse(JSON.parse(JSON.stringify(body)))).toEqual(body);
    expect(body).not.toHaveProperty('pieces');
    expect(() => fromBookingFormSchema(false).parse({ ...filled(), mawb: '' })).toThrow();
    expect(fromBookingFormSchema(true).parse({ ...filled(), mawb: '' })).not.toHaveProperty('mawb');
  });

  it('sends a house body the server parses to the same house', () => {
    const body = houseCreateSchema.parse(houseFormValues(makeHouse()));
    expect(houseWaybillCreate.parse(JSON.parse(JSON.stringify(body)))).toEqual(body);
  });

  it("puts the server's field errors on the form's fields", () => {
    expect(serverFieldOf('air_waybill.shipper.contacts')).toBe('shipper.contacts');
    expect(serverFieldOf('shcs.1')).toBe('shcs');
    expect(serverFieldOf('from_stock')).toBe('prefix');
    for (const field of ['mawb', 'goods_items.3.hs_code', 'route.0.date', 'notify.tax_id', 'dimensions.1.height'])
      expect(isWaybillField(field), field).toBe(true);
    for (const field of ['air_waybill', 'goods_items.0.colour', 'shipper.email'])
      expect(isWaybillField(field)).toBe(false);
  });
});
