import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { AIRLINE_MANAGER, FORWARDER, makeWaybill } from '../testing';
import { ShipmentRoute } from './shipment';
import { ShipmentBillingRoute, ShipmentEditBookingRoute, ShipmentFhlRoute } from './shipment-pages';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const MAWB = '465-12345675';
const routes = [
  { path: '/shipments/:mawb', element: <ShipmentRoute /> },
  { path: '/shipments/:mawb/fhl', element: <ShipmentFhlRoute /> },
  { path: '/shipments/:mawb/billing', element: <ShipmentBillingRoute /> },
  { path: '/shipments/:mawb/edit-booking', element: <ShipmentEditBookingRoute /> },
];

const house = {
  id: 31,
  air_waybill_id: 1,
  mawb: MAWB,
  serial_number: 'HAWB001',
  origin_iata: 'ALA',
  destination_iata: 'SVO',
  pieces: 2,
  weight_code: 'K',
  weight: 40,
  weight_kg: 40,
  manifest_description_of_goods: 'PARTS',
  shcs: [],
  free_text: null,
  hs_codes: ['847130'],
  shipper: null,
  consignee: null,
  placi_status: null,
  placi_comment: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

const movement = {
  id: 51,
  air_waybill_id: 1,
  location_iata: 'ALA',
  status_code: 'RCS',
  time_local: '2026-12-01T18:30',
  time_utc: '2026-12-01T13:30:00Z',
  timezone: 'Asia/Almaty',
  pieces: 5,
  weight: 120,
  weight_code: 'K',
  volume: null,
  uld: null,
  deactivated: false,
  deactivated_at: null,
  created_by: 4,
  created_at: '2026-12-01T13:31:00Z',
};

const attachment = {
  id: 61,
  attachable_type: 'air_waybill',
  attachable_id: 1,
  air_waybill_id: 1,
  mawb: MAWB,
  doc_type: 'Invoice',
  file_name: 'invoice.pdf',
  content_type: 'application/pdf',
  size: 2048,
  sha256: 'ab'.repeat(32),
  company_id: 9,
  company_short_name: 'FWD',
  uploaded_by: 4,
  uploaded_by_email: 'ops@fwd.kz',
  created_at: '2026-11-20T11:00:00Z',
};

const booking = {
  id: 17,
  mawb: MAWB,
  carrier: 'KC',
  origin: 'ALA',
  destination: 'SVO',
  pieces: 5,
  weight: 120,
  volume: 0.8,
  request_status: 'NN',
  response_status: 'KK',
  effective: true,
  active: true,
  is_departed: false,
  segment_data: [
    {
      segment_id: 41,
      carrier: 'KC',
      flight_number: '901',
      origin: 'ALA',
      destination: 'SVO',
      std: '2026-12-02T07:00:00Z',
      sta: '2026-12-02T11:00:00Z',
    },
  ],
  created_at: '2026-11-19T10:00:00Z',
};

function answer({ method, url }: Call) {
  const waybill = makeWaybill();
  if (method === 'GET' && url === `/api/v3/air_waybills/${MAWB}`) return Response.json(waybill);
  if (url === '/api/v3/air_waybills/1/void_requests') return Response.json({ data: [] });
  if (url === `/api/v3/air_waybills/${MAWB}/house_waybills`)
    return Response.json({
      data: [house],
      totals: { pieces: 2, weight_kg: 40, master_pieces: 5, master_weight_kg: 120 },
    });
  if (method === 'GET' && url === `/api/v3/air_waybills/${MAWB}/movements`) return Response.json({ data: [movement] });
  if (method === 'POST' && url === `/api/v3/air_waybills/${MAWB}/movements`)
    return Response.json({ ...movement, id: 52, status_code: 'DEP' }, { status: 201 });
  if (method === 'GET' && url.startsWith('/api/v3/attachments?')) return Response.json({ data: [attachment] });
  if (method === 'POST' && url === '/api/v3/attachments') return Response.json(attachment, { status: 201 });
  if (url === `/api/v3/air_waybills/${MAWB}/fhl`)
    return new Response('FHL/4\nMBI/465-12345675ALASVO/T5K120', { headers: { 'content-type': 'text/plain' } });
  if (url === '/api/v3/air_waybills/1/verification_movement_difference')
    return Response.json({
      air_waybill_id: 1,
      mawb: MAWB,
      differs: true,
      fields: [
        {
          field: 'pieces',
          air_waybill: 5,
          movement: 5,
          difference: 0,
          differs: false,
          movement_id: 51,
          status_code: 'RCS',
          location_iata: 'ALA',
          time_utc: '2026-12-01T13:30:00Z',
        },
        {
          field: 'weight',
          air_waybill: 120,
          movement: 126,
          difference: 6,
          differs: true,
          movement_id: 51,
          status_code: 'RCS',
          location_iata: 'ALA',
          time_utc: '2026-12-01T13:30:00Z',
        },
      ],
    });
  if (url === `/api/v3/air_waybills/${MAWB}/bookings`) return Response.json({ data: [booking] });
  if (method === 'POST' && url === `/api/v3/air_waybills/${MAWB}/calculate`)
    return Response.json({
      air_waybill: waybill,
      chargeable_calc: waybill.chargeable_calc,
      rate_lines: waybill.rate_lines,
      tariff_found: false,
      warnings: [],
    });
  return undefined;
}

describe('shipment tabs and sub-pages', { timeout: 60_000 }, () => {
  it('lists the houses with their totals beside the master and edit links for the forwarder', async () => {
    mockApi(FORWARDER, answer);
    renderRoutes(routes, `/shipments/${MAWB}?tab=houses`);
    const table = await screen.findByTestId('houses');
    expect(within(table).getByText('HAWB001')).toBeInTheDocument();
    expect(screen.getByTestId('house-totals')).toHaveTextContent('Houses: 2 of 5 pcs, 40 of 120 kg');
    expect(await within(table).findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/air-waybills/${MAWB}/house-waybills/31/edit`,
    );
  });

  it('records a movement for the airline in the local time of the location', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer);
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${MAWB}?tab=movements`);
    const table = await screen.findByTestId('movements');
    expect(within(table).getByText('RCS')).toBeInTheDocument();
    expect(within(table).getByText('01.12.2026 18:30 UTC+05:00')).toBeInTheDocument();
    const difference = await screen.findByTestId('verification-difference');
    expect(within(difference).getByText('+6')).toBeInTheDocument();
    expect(within(difference).getByText('126 (RCS ALA)')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add movement' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'ALA');
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByText('DEP'));
    fireEvent.change(within(dialog).getByLabelText('Local time at the location'), {
      target: { value: '2026-12-02T12:05' },
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Pieces' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add movement' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      location_iata: 'ALA',
      status_code: 'DEP',
      time_local: '2026-12-02T12:05',
      pieces: 5,
      weight: null,
      volume: null,
      uld: null,
    });
  });

  it('hides adding movements from a forwarder', async () => {
    mockApi(FORWARDER, answer);
    renderRoutes(routes, `/shipments/${MAWB}?tab=movements`);
    await screen.findByTestId('movements');
    expect(screen.queryByRole('button', { name: 'Add movement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('uploads an attachment with its document type as multipart and lists the files', async () => {
    const calls = mockApi(FORWARDER, answer);
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${MAWB}?tab=attachments`);
    const table = await screen.findByTestId('attachments');
    expect(within(table).getByText('invoice.pdf')).toBeInTheDocument();
    expect(within(table).getByText('2 KB')).toBeInTheDocument();
    const upload = await screen.findByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Document type' }));
    await user.click(await screen.findByText('PackingList'));
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'packing.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(body.get('doc_type')).toBe('PackingList');
    expect(body.get('attachable_type')).toBe('air_waybill');
    expect(body.get('attachable_id')).toBe('1');
    expect((body.get('doc') as File).name).toBe('packing.pdf');
  });

  it('shows the FHL text of the houses', async () => {
    mockApi(FORWARDER, answer);
    renderRoutes(routes, `/shipments/${MAWB}/fhl`);
    expect((await screen.findByTestId('message-text')).textContent).toBe('FHL/4\nMBI/465-12345675ALASVO/T5K120');
  });

  it('shows billing: rate lines, totals, and calculate says when no tariff was found', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer);
    const user = userEvent.setup();
    renderRoutes(routes, `/shipments/${MAWB}/billing`);
    const lines = await screen.findByTestId('rate-lines');
    expect(within(lines).getByText('FRT')).toBeInTheDocument();
    expect(within(lines).getByText('1 500.00 KZT')).toBeInTheDocument();
    expect(screen.getByTestId('waybill-totals')).toHaveTextContent('Prepaid total1 500.00 KZT');
    await user.click(await within(screen.getByTestId('rates-panel')).findByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText(/No tariff of the carrier covers/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/v3/air_waybills/${MAWB}/calculate`);
  });

  it('lists the linked bookings with links to change them', async () => {
    mockApi(FORWARDER, answer);
    renderRoutes(routes, `/shipments/${MAWB}/edit-booking`);
    const table = await screen.findByTestId('waybill-bookings');
    expect(within(table).getByRole('link', { name: '#17' })).toHaveAttribute('href', '/bookings/17');
    expect(within(table).getByRole('link', { name: 'KC901' })).toHaveAttribute('href', '/flights/41');
    expect(await screen.findByRole('link', { name: 'Change the booking' })).toHaveAttribute('href', '/bookings/17');
  });
});
