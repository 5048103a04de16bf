import type { Charge } from '@aircargo/contract/tariffs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { KC, KC_MANAGER, META, mockApi } from '../testing';
import { ChargesRoute } from './charges';
import { SurchargesRoute } from './surcharges';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const CHARGE: Charge = {
  id: 11,
  airline: KC,
  transfers: [],
  non_stop: false,
  effective_from: '2026-01-01',
  effective_to: null,
  sales_channel: null,
  companies: [],
  excluded_companies: [],
  groups: [],
  is_new: false,
  notified_companies: [],
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  charge_code: 'SC',
  charge_name: 'Security',
  due: 'C',
  basis: 'charge',
  rate: '0.15',
  minimal_rate: '10.00',
  currency: 'USD',
  vat_inclusion: 'notIncluded',
  vat: '12',
  origin: { kind: 'country', code: 'KZ' },
  destination: null,
  shcs: ['DGR'],
  products: [],
};

const PLATFORM = { company_id: 1, role: 'platform', company_business_type: 'platform' as const, airline_code: null };

describe('external charges', { timeout: 60_000 }, () => {
  it('lists charges with rate, minimum and VAT in their currency; only the platform may create them', async () => {
    mockApi(KC_MANAGER, ({ url }) =>
      url.startsWith('/api/v3/billing/charges') ? Response.json({ data: [CHARGE], meta: META }) : undefined,
    );
    renderRoutes([{ path: '/tariffs/external-charges', element: <ChargesRoute /> }], '/tariffs/external-charges');
    const row = await screen.findByRole('row', { name: /Security/ });
    expect(within(row).getByText('0.15 USD')).toBeInTheDocument();
    expect(within(row).getByText('10.00 USD')).toBeInTheDocument();
    expect(within(row).getByText('VAT not included 12%')).toBeInTheDocument();
    expect(within(row).getByText('KZ (country) → Anywhere')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New charge' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers the platform create, edit and delete', async () => {
    mockApi(PLATFORM, ({ url }) =>
      url.startsWith('/api/v3/billing/charges') ? Response.json({ data: [CHARGE], meta: META }) : undefined,
    );
    renderRoutes([{ path: '/tariffs/external-charges', element: <ChargesRoute /> }], '/tariffs/external-charges');
    const row = await screen.findByRole('row', { name: /Security/ });
    expect(screen.getByRole('link', { name: 'New charge' })).toHaveAttribute(
      'href',
      '/tariffs/external-charges/create',
    );
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/tariffs/external-charges/11/edit',
    );
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});

describe('external surcharges', { timeout: 60_000 }, () => {
  it('creates a value surcharge from the dialog and asks for its currency first', async () => {
    const calls = mockApi(KC_MANAGER, ({ method }) =>
      method === 'POST' ? Response.json({ error: 'Forbidden', message: 'no' }, { status: 403 }) : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/tariffs/external-surcharges', element: <SurchargesRoute /> }],
      '/tariffs/external-surcharges',
    );
    await user.click(await screen.findByRole('button', { name: 'New surcharge' }));
    const dialog = await screen.findByRole('dialog', { name: 'New surcharge' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'FSC');
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '0.35');
    await user.type(within(dialog).getByRole('textbox', { name: 'Minimal weight, kg' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Currency' }), 'usd');
    await user.type(within(dialog).getByRole('textbox', { name: 'Origin' }), 'ALA');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      code: 'FSC',
      type: 'value',
      value: '0.35',
      minimal_weight: '10',
      currency: 'USD',
      origin: { kind: 'airport', code: 'ALA' },
      destination: null,
    });
  });
});
