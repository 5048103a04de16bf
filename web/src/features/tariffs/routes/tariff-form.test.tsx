import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { renderRoutes } from '@/testing/render';
import { KC_MANAGER, makeTariff, mockApi } from '../testing';
import { TariffCreateRoute } from './tariff-create';
import { TariffEditRoute } from './tariff-edit';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const CREATE = '/tariffs/external-tariffs/create';
const renderCreate = () =>
  renderRoutes(
    [
      { path: CREATE, element: <TariffCreateRoute /> },
      { path: '/tariffs/external-tariffs', element: <p>tariffs list</p> },
    ],
    CREATE,
  );

async function fillTariff(user: ReturnType<typeof userEvent.setup>, withNormal = true) {
  await user.type(await screen.findByRole('textbox', { name: 'Origin' }), 'ala');
  await user.type(screen.getByRole('textbox', { name: 'Destination' }), 'NQZ');
  await user.type(screen.getByRole('textbox', { name: 'Currency' }), 'usd');
  await user.type(screen.getByRole('textbox', { name: 'M, First level' }), '50');
  if (withNormal) await user.type(screen.getByRole('textbox', { name: 'N, First level' }), '16.00');
  await user.type(screen.getByRole('textbox', { name: '45, First level' }), '9');
  await user.type(screen.getByRole('textbox', { name: '100, Second level' }), '7.5');
}

describe('tariff create form', { timeout: 120_000 }, () => {
  it('sends the rate grid as rates by class, weight break and level', async () => {
    const calls = mockApi(KC_MANAGER, ({ method }) =>
      method === 'POST' ? Response.json(makeTariff({ id: 31 }), { status: 201 }) : undefined,
    );
    const user = userEvent.setup();
    renderCreate();
    await fillTariff(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('tariffs list')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      origin: { kind: 'airport', code: 'ALA' },
      destination: { kind: 'airport', code: 'NQZ' },
      currency: 'USD',
      basis: 'charge',
      vat_inclusion: 'without',
      level: 'first',
      company_ids: [],
    });
    expect(body.airline_id).toBeUndefined();
    expect(body.rates).toEqual([
      { rate_class: 'M', value: '50', level: 'first' },
      { rate_class: 'N', value: '16.00', level: 'first' },
      { rate_class: 'Q', value: '9', weight_break: '45', level: 'first' },
      { rate_class: 'Q', value: '7.5', weight_break: '100', level: 'second' },
    ]);
  });

  it('creates a derivative tariff without its own normal rate, with groups and an excluded client', async () => {
    const calls = mockApi(KC_MANAGER, ({ method }) =>
      method === 'POST' ? Response.json(makeTariff({ id: 32 }), { status: 201 }) : undefined,
    );
    const user = userEvent.setup();
    renderCreate();
    await fillTariff(user, false);
    await user.type(
      screen.getByLabelText('Commodity groups', { selector: 'input:not([type=hidden])' }),
      'pharma{enter}',
    );
    await user.click(screen.getByRole('switch', { name: 'Derived from another tariff' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Base tariff' }), '7');
    await user.type(screen.getByRole('textbox', { name: 'Change, %' }), '-10');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('tariffs list')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      groups: ['PHARMA'],
      excluded_company_ids: [],
      is_derivative: true,
      base_tariff_id: 7,
      derivation_percent: '-10',
      derivation_amount: null,
    });
  });

  it('asks for the normal rate before sending anything, in Russian', async () => {
    await changeLocale('ru');
    const calls = mockApi(KC_MANAGER, () => undefined);
    const user = userEvent.setup();
    renderCreate();
    await user.type(await screen.findByRole('textbox', { name: 'Откуда' }), 'ALA');
    await user.type(screen.getByRole('textbox', { name: 'Куда' }), 'NQZ');
    await user.type(screen.getByRole('textbox', { name: 'Валюта' }), 'USD');
    await user.type(screen.getByRole('textbox', { name: 'M, Первый уровень' }), '5x');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Необходимо указать нормальную ставку')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'M, Первый уровень' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's rate error under the grid and its Exists answer above the form", async () => {
    let answer = () =>
      Response.json(
        {
          error: 'ValidationFailed',
          errors: { 'rates.1.value': ['Normal rate must be specified'] },
          error_keys: { 'rates.1.value': [{ key: 'normalRateRequired', params: {} }] },
          message: 'rates.1.value: Normal rate must be specified',
        },
        { status: 422 },
      );
    mockApi(KC_MANAGER, ({ method }) => (method === 'POST' ? answer() : undefined));
    const user = userEvent.setup();
    renderCreate();
    await fillTariff(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Normal rate must be specified')).toBeInTheDocument();

    answer = () =>
      Response.json(
        {
          error: 'Exists',
          message: 'This airfreight already exists',
          message_key: { key: 'tariffExists', params: {} },
        },
        { status: 409 },
      );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This airfreight already exists');
  });
});

describe('tariff edit form', { timeout: 120_000 }, () => {
  it('changes a rate and keeps the rates the grid does not show', async () => {
    const calls = mockApi(KC_MANAGER, ({ method, url }) => {
      if (url.startsWith('/api/v3/billing/tariffs/7')) return Response.json(makeTariff());
      return method === 'PATCH' ? Response.json(makeTariff()) : undefined;
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/tariffs/external-tariffs/:id/edit', element: <TariffEditRoute /> }],
      '/tariffs/external-tariffs/7/edit',
    );
    const normal = await screen.findByRole('textbox', { name: 'N, First level' });
    expect(normal).toHaveValue('16.00');
    await user.clear(normal);
    await user.type(normal, '15.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body.airline_id).toBeUndefined();
    expect(body.rates).toEqual([
      { rate_class: 'M', value: '50.00', level: 'first' },
      { rate_class: 'N', value: '15.50', level: 'first' },
      { rate_class: 'Q', value: '9.00', weight_break: '45', level: 'first' },
      { rate_class: 'Q', rate_type: 'weight', value: '7.00', weight_break: '200', level: null, expired: false },
    ]);
  });
});
