import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { FORWARDER, makeAirWaybill, mockApi, validationAnswer } from '../testing';
import { AirWaybillEditRoute } from './air-waybill-edit';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const EDIT = '/shipments/555-12345675/edit-awb';
const WAYBILL_URL = '/api/v3/air_waybills/555-12345675';
const renderEdit = () =>
  renderRoutes(
    [
      { path: '/shipments/:mawb/edit-awb', element: <AirWaybillEditRoute /> },
      { path: '/shipments/:mawb', element: <p>shipment page</p> },
    ],
    EDIT,
  );

describe('air waybill edit form', { timeout: 120_000 }, () => {
  it('sends PATCH {air_waybill, dimensions} with the row version, then opens the shipment', async () => {
    const calls = mockApi(FORWARDER, ({ method, url }) => {
      if (url === WAYBILL_URL && method === 'GET') return Response.json(makeAirWaybill());
      if (url === WAYBILL_URL && method === 'PATCH')
        return Response.json(makeAirWaybill({ weight: 130, row_version: 4 }));
      return undefined;
    });
    const user = userEvent.setup();
    renderEdit();
    const weight = await screen.findByRole('textbox', { name: 'Weight, kg' });
    expect(screen.getByRole('heading', { name: 'Edit air waybill 555-12345675' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'AWB number' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(weight);
    await user.type(weight, '130');
    await user.clear(screen.getByRole('textbox', { name: 'Height, cm, dimensions 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Height, cm, dimensions 1' }), '75');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('shipment page')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toBe(WAYBILL_URL);
    const body = patch?.body as { air_waybill: Record<string, unknown>; dimensions: unknown[]; row_version: number };
    expect(Object.keys(body).sort()).toEqual(['air_waybill', 'dimensions', 'row_version']);
    expect(body.row_version).toBe(3);
    expect(body.dimensions).toEqual([{ length: 120, width: 80, height: 75, pieces: 4, weight: null }]);
    expect(body.air_waybill).toMatchObject({
      weight: 130,
      pieces: 4,
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      carrier: 'SU',
      hs_codes: ['847330'],
      shipper: { name: 'Shipper LLC', city: 'Moscow', country_code: 'RU' },
      route: [{ origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1950', date: '2026-12-02' }],
    });
    expect(body.air_waybill).not.toHaveProperty('dimensions');
    expect(body.air_waybill).not.toHaveProperty('mawb');
  });

  it("checks the shipper's INN and shows the server's error on the field it names under air_waybill", async () => {
    const calls = mockApi(FORWARDER, ({ method, url }) => {
      if (url === WAYBILL_URL && method === 'GET') return Response.json(makeAirWaybill());
      if (method === 'PATCH')
        return validationAnswer(
          'air_waybill.consignee.contacts',
          'contactNumber',
          'Contact number must be under 25 digits',
        );
      return undefined;
    });
    const user = userEvent.setup();
    renderEdit();
    const inn = await screen.findByRole('textbox', { name: 'INN (tax id), Shipper' });
    await user.type(inn, '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid INN length')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.clear(inn);
    await user.type(inn, '7701234567');
    await user.type(screen.getByRole('textbox', { name: 'Contact number, Consignee' }), '+7 701 555 12 12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The contact number must be under 25 digits')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Contact number, Consignee' })).toHaveAttribute('aria-invalid', 'true');
  });
});
