import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { renderRoutes } from '@/testing/render';
import { makeAirWaybill, mockApi, PLATFORM, validationAnswer } from '../testing';
import { AirWaybillCreateRoute } from './air-waybill-create';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

/** An airline user of su: may create waybills there, and may not read the stock (settings are closed on su). */
const SU_AIRLINE = {
  company_id: 3,
  role: 'airline_default',
  company_business_type: 'airline' as const,
  airline_code: 'SU',
  permissions: ['air_waybills:create' as const, 'air_waybills:read' as const, 'notable_companies:read' as const],
};

const CREATE = '/air-waybills/create';
const renderCreate = () =>
  renderRoutes(
    [
      { path: CREATE, element: <AirWaybillCreateRoute /> },
      { path: '/shipments/:mawb', element: <p>shipment page</p> },
    ],
    CREATE,
  );

type User = ReturnType<typeof userEvent.setup>;
const box = (name: string) => screen.getByRole('textbox', { name });

/** Everything but the number and the HS codes. */
async function fillCargoRouteParties(user: User) {
  await user.type(screen.getByRole('textbox', { name: 'Pieces' }), '4');
  await user.type(screen.getByRole('textbox', { name: 'Weight, kg' }), '120.5');
  await user.type(screen.getByRole('textbox', { name: 'Volume, m³' }), '0.8');
  await user.type(box('Commodity'), 'Spare parts');
  await user.type(box('Origin'), 'svo');
  await user.type(box('Destination'), 'ala');
  await user.type(box('Name, Shipper'), 'Shipper LLC');
  await user.type(box('Name, Consignee'), 'Consignee LLP');
}

async function addHsCode(user: User, code: string) {
  await user.type(screen.getByLabelText(/^HS codes/, { selector: 'input:not([type=hidden])' }), `${code}{enter}`);
}

describe('air waybill create form', { timeout: 120_000 }, () => {
  it('checks the typed number as it is typed: pattern, then control bit', async () => {
    mockApi(SU_AIRLINE, () => undefined);
    const user = userEvent.setup();
    renderCreate();
    const mawb = await screen.findByRole('textbox', { name: 'AWB number' });
    await user.type(mawb, '555-1234');
    await user.tab();
    expect(await screen.findByText('AWB number pattern XXX-XXXXXXXX')).toBeInTheDocument();
    await user.clear(mawb);
    // 1234567 mod 7 = 5: a 4 is a wrong check digit, refused as soon as the last digit is typed.
    await user.type(mawb, '555-12345674');
    expect(await screen.findByText('Invalid control bit')).toBeInTheDocument();
    expect(screen.getByText('The check digit of this serial is 5')).toBeInTheDocument();
    await user.clear(mawb);
    await user.type(mawb, '555-12345675');
    await waitFor(() => expect(screen.queryByText('Invalid control bit')).not.toBeInTheDocument());
    expect(mawb).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for an HS code and Latin-only commodity before sending anything', async () => {
    const calls = mockApi(SU_AIRLINE, () => undefined);
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('textbox', { name: 'AWB number' }), '555-12345675');
    await fillCargoRouteParties(user);
    await user.clear(box('Commodity'));
    await user.type(box('Commodity'), 'Запчасти');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('At least one HS code is required')).toBeInTheDocument();
    expect(screen.getByText('Latin letters only')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('posts the typed number, cargo, route, parties, goods items and legs, then opens the shipment', async () => {
    const calls = mockApi(SU_AIRLINE, ({ method, url }) =>
      method === 'POST' && url === '/api/v3/air_waybills'
        ? Response.json(makeAirWaybill({ mawb: '555-12345675' }), { status: 201 })
        : undefined,
    );
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('textbox', { name: 'AWB number' }), '555 12345675');
    expect(screen.getByRole('textbox', { name: 'MRN (customs)' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Postal waybill (mail)' }));
    // The postal variant asks for the mail number with the number; the customs MRN field gives way to it.
    expect(screen.queryByRole('textbox', { name: 'MRN (customs)' })).not.toBeInTheDocument();
    await user.type(box('Postal number (MRN)'), 'ru123');
    await fillCargoRouteParties(user);
    await addHsCode(user, '8473.30');
    await user.type(box('Contact number, Shipper'), '+7 495 123-45-67');
    await user.click(screen.getByRole('button', { name: 'Add goods item' }));
    await user.type(box('Description, goods item 1'), 'Printer parts');
    await user.type(box('HS code, goods item 1'), '844399');
    await user.click(screen.getByRole('button', { name: 'Add dimensions' }));
    await user.type(box('Length, cm, dimensions 1'), '120');
    await user.type(box('Width, cm, dimensions 1'), '80');
    await user.type(box('Height, cm, dimensions 1'), '60');
    await user.type(box('Pieces, dimensions 1'), '4');
    await user.click(screen.getByRole('button', { name: 'Add leg' }));
    await user.type(box('Carrier, leg 1'), 'su');
    await user.type(box('Flight, leg 1'), 'su1950');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Invalid format')).toBeInTheDocument();
    expect(box('Postal number (MRN)')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(box('Postal number (MRN)'));
    await user.type(box('Postal number (MRN)'), '26ru0000000123456a');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('shipment page')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v3/air_waybills');
    const body = post?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      mawb: '555-12345675',
      from_stock: false,
      postal: true,
      mrn: '26RU0000000123456A',
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      pieces: 4,
      weight: 120.5,
      volume: 0.8,
      commodity: 'Spare parts',
      hs_codes: ['847330'],
      shipper: { name: 'Shipper LLC', contacts: '+7 495 123-45-67' },
      consignee: { name: 'Consignee LLP' },
      notify: null,
      goods_items: [{ description: 'Printer parts', hs_code: '844399' }],
      dimensions: [{ length: 120, width: 80, height: 60, pieces: 4 }],
      route: [{ origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1950', date: null }],
      manual_route: true,
      payment: 'prepaid',
    });
    expect(body.prefix).toBeUndefined();
    expect(body.forwarder_id).toBeUndefined();
  });

  it("shows the server's blank-number refusal on the number", async () => {
    mockApi(SU_AIRLINE, ({ method }) =>
      method === 'POST' ? validationAnswer('mawb', 'awbBlankNumber', 'invalid blank number') : undefined,
    );
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('textbox', { name: 'AWB number' }), '555-12345675');
    await fillCargoRouteParties(user);
    await addHsCode(user, '847330');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Invalid blank number')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'AWB number' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes the next free number of a picked prefix for a forwarder, as the platform', async () => {
    const calls = mockApi(PLATFORM, ({ method, url }) => {
      if (url.startsWith('/api/v3/stocks/prefixes'))
        return Response.json({
          data: [
            {
              id: 1,
              airline_id: 3,
              airline_short_name: 'SU',
              prefix: '555',
              description: null,
              active: true,
              ranges_count: 1,
              free_count: 9,
              created_at: '2026-11-01T00:00:00Z',
              updated_at: '2026-11-01T00:00:00Z',
            },
          ],
        });
      if (url.startsWith('/api/v3/notable_companies'))
        return Response.json({
          data: [
            {
              id: 4,
              short_name: 'FWDA',
              name: 'Demo Forwarder A',
              local_name: null,
              company_type: 'forwarder',
              airline_code: null,
              relations: ['platform'],
            },
          ],
          meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 100 },
        });
      if (url.startsWith('/api/v1/stocks?'))
        return Response.json({
          data: [
            {
              prefix: '555',
              blank: '7000000',
              number: '555-70000000',
              airline_id: 3,
              airline_short_name: 'SU',
              range_id: 2,
              forwarder_id: 4,
              forwarder_short_name: 'FWDA',
              location: null,
              free: true,
              bso: false,
              status: 'free',
            },
          ],
          meta: { current_page: 1, next_page: 2, prev_page: null, total_pages: 9, total_count: 9, per_page: 1 },
        });
      if (method === 'POST') return Response.json(makeAirWaybill({ mawb: '555-70000000' }), { status: 201 });
      return undefined;
    });
    const user = userEvent.setup();
    renderCreate();
    await user.click(await screen.findByText('From stock'));
    await user.click(await screen.findByRole('combobox', { name: 'AWB prefix' }));
    await user.click(await screen.findByText('555 — SU'));
    await user.click(screen.getByRole('combobox', { name: 'Forwarder' }));
    await user.click(await screen.findByText('FWDA — Demo Forwarder A'));
    expect(
      await screen.findByText('Next free number: 555-70000000 (taken when the waybill is saved)'),
    ).toBeInTheDocument();
    const stockCall = calls.filter((c) => c.url.startsWith('/api/v1/stocks?')).at(-1);
    expect(stockCall?.url).toContain('prefix=555');
    expect(stockCall?.url).toContain('free_only=true');
    expect(stockCall?.url).toContain('forwarder_id=4');
    await fillCargoRouteParties(user);
    await addHsCode(user, '847330');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('shipment page')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ from_stock: true, prefix: '555', forwarder_id: 4 });
    expect(body.mawb).toBeUndefined();
  });

  it('speaks Russian', async () => {
    await changeLocale('ru');
    mockApi(SU_AIRLINE, () => undefined);
    const user = userEvent.setup();
    renderCreate();
    const mawb = await screen.findByRole('textbox', { name: 'Номер AWB' });
    await user.type(mawb, '555-12345674');
    expect(await screen.findByText('Неверный контрольный разряд')).toBeInTheDocument();
  });
});
