import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { FORWARDER, makeHouse, mockApi, validationAnswer } from '../testing';
import { HouseWaybillCreateRoute } from './house-waybill-create';
import { HouseWaybillEditRoute } from './house-waybill-edit';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const HOUSES_URL = '/api/v3/air_waybills/555-12345675/house_waybills';
const LIST = {
  data: [makeHouse()],
  totals: { pieces: 2, weight_kg: 60, master_pieces: 4, master_weight_kg: 120 },
};
const SSRS = { data: ['KEEP DRY', 'DO NOT STACK'] };

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/air-waybills/:mawb/house-waybills/create', element: <HouseWaybillCreateRoute /> },
      { path: '/air-waybills/:mawb/house-waybills/:id/edit', element: <HouseWaybillEditRoute /> },
      { path: '/shipments/:mawb', element: <p>shipment page</p> },
    ],
    path,
  );

type User = ReturnType<typeof userEvent.setup>;
const box = (name: string) => screen.getByRole('textbox', { name });

async function fillHouse(user: User, description = 'BOOKS') {
  await user.type(await screen.findByRole('textbox', { name: 'House waybill number' }), 'h002');
  await user.type(box('Pieces'), '2');
  await user.type(box('Weight'), '55.5');
  await user.type(box('Manifest description of goods'), description);
}

describe('house waybill forms', { timeout: 120_000 }, () => {
  it("posts a house with its parties and a previous SSR in the free text, beside the master's totals", async () => {
    const calls = mockApi(FORWARDER, ({ method, url }) => {
      if (url === HOUSES_URL && method === 'GET') return Response.json(LIST);
      if (url.startsWith('/api/v3/air_waybills/previous_special_service_requests')) return Response.json(SSRS);
      if (url === HOUSES_URL && method === 'POST') return Response.json(makeHouse({ id: 8 }), { status: 201 });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/air-waybills/555-12345675/house-waybills/create');
    expect(
      await screen.findByText('1 house holds 2 pieces and 60 kg of the 4 pieces and 120 kg of the air waybill'),
    ).toBeInTheDocument();
    await fillHouse(user);
    await user.type(box('Name, Shipper'), 'Book House LLC');
    await user.type(box('City, Shipper'), 'Moscow');
    await user.type(box('Country, Shipper'), 'ru');
    await user.type(box('Contact number, Shipper'), '+7 495 000 00 00');
    await user.click(screen.getByRole('combobox', { name: 'Add a previous special service request' }));
    await user.click(await screen.findByText('KEEP DRY'));
    expect(box('Free text')).toHaveValue('KEEP DRY');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('shipment page')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe(HOUSES_URL);
    expect(post?.body).toEqual({
      serial_number: 'H002',
      pieces: 2,
      weight_code: 'K',
      weight: 55.5,
      manifest_description_of_goods: 'BOOKS',
      shcs: [],
      hs_codes: [],
      free_text: 'KEEP DRY',
      shipper: {
        name: 'Book House LLC',
        address: null,
        city: 'Moscow',
        state: null,
        country_code: 'RU',
        post_code: null,
        contacts: '+7 495 000 00 00',
        tax_id: null,
      },
      consignee: null,
      placi_status: null,
      placi_comment: null,
    });
  });

  it("refuses a non-Latin description, then shows the server's totals error on the pieces", async () => {
    const calls = mockApi(FORWARDER, ({ method, url }) => {
      if (url === HOUSES_URL && method === 'GET') return Response.json(LIST);
      if (url === HOUSES_URL && method === 'POST')
        return validationAnswer(
          'pieces',
          'housePiecesOverMaster',
          'The house waybills hold 5 pieces, more than the 4 of the air waybill',
          { pieces: 5, master: 4 },
        );
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/air-waybills/555-12345675/house-waybills/create');
    await fillHouse(user, 'КНИГИ');
    await user.type(box('Name, Consignee'), 'Reader LLP');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Latin letters only')).toBeInTheDocument();
    expect(box('City, Consignee')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(box('City, Consignee'), 'Almaty');
    await user.clear(box('Manifest description of goods'));
    await user.type(box('Manifest description of goods'), 'BOOKS');
    await user.clear(box('Pieces'));
    await user.type(box('Pieces'), '3');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('The house waybills hold 5 pieces, more than the 4 of the air waybill'),
    ).toBeInTheDocument();
    expect(box('Pieces')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('shipment page')).not.toBeInTheDocument();
  });

  it('edits a house with PATCH and shows a weight totals error on the weight', async () => {
    const HOUSE_URL = `${HOUSES_URL}/7`;
    const calls = mockApi(FORWARDER, ({ method, url }) => {
      if (url === HOUSES_URL) return Response.json(LIST);
      if (url === HOUSE_URL && method === 'GET') return Response.json(makeHouse());
      if (url === HOUSE_URL && method === 'PATCH')
        return validationAnswer(
          'weight',
          'houseWeightOverMaster',
          'The house waybills weigh 150 kg, more than the 120 kg of the air waybill',
          { weight: 150, master: 120 },
        );
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/air-waybills/555-12345675/house-waybills/7/edit');
    const weight = await screen.findByRole('textbox', { name: 'Weight' });
    expect(screen.getByRole('heading', { name: 'House waybill H001 of 555-12345675' })).toBeInTheDocument();
    await user.clear(weight);
    await user.type(weight, '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The house waybills weigh 150 kg, more than the 120 kg of the air waybill'),
    ).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toBe(HOUSE_URL);
    expect(patch?.body).toMatchObject({
      serial_number: 'H001',
      origin_iata: 'SVO',
      destination_iata: 'ALA',
      pieces: 2,
      weight_code: 'K',
      weight: 150,
      manifest_description_of_goods: 'SPARE PARTS',
      hs_codes: ['847330'],
      free_text: null,
      shipper: null,
    });
    expect(within(screen.getByTestId('house-totals')).getByText(/1 house holds/)).toBeInTheDocument();
  });
});
