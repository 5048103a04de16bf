import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { toast } from '@/lib/notify';
import { renderRoutes } from '@/testing/render';
import { makeRule, mockApi, SU_MANAGER } from '../testing';
import { BookingRuleCreateRoute } from './booking-rule-create';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  await changeLocale('en');
});

const PATH = '/settings/booking-rules/create';
function render() {
  renderRoutes(
    [
      { path: PATH, element: <BookingRuleCreateRoute /> },
      { path: '/settings/booking-rules', element: <p>rules list</p> },
    ],
    PATH,
  );
}

describe('booking rule create form', { timeout: 60_000 }, () => {
  it('judges the bounds on their own field before sending, then sends the rule the airline means', async () => {
    const calls = mockApi(SU_MANAGER, ({ method }) =>
      method === 'POST' ? Response.json(makeRule({ id: 12 }), { status: 201 }) : undefined,
    );
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByRole('textbox', { name: 'Min weight, kg' }), '500');
    await user.type(screen.getByRole('textbox', { name: 'Max weight, kg' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Min load, %' }), '85');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Value must be at least 500')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // The airline names no carrier: its own is used.
    expect(screen.queryByRole('combobox', { name: 'Carrier' })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Max weight, kg' }));
    await user.type(screen.getByRole('textbox', { name: 'Max weight, kg' }), '2000');
    const shcs = screen
      .getAllByLabelText('SHCs')
      .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLElement;
    await user.type(shcs, 'dgr{enter}');
    await user.click(screen.getByRole('combobox', { name: 'Answer' }));
    await user.click(await screen.findByText('UU — refused'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v3/booking_rules');
    expect(post?.body).toMatchObject({
      min_weight: 500,
      max_weight: 2000,
      min_percent: 85,
      shcs: ['DGR'],
      response_status: 'UU',
    });
    expect(post?.body).not.toHaveProperty('carrier');
    expect(await screen.findByText('rules list')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith('The booking rule has been created');
  });

  it("shows the server's Exists answer with the spec's message, in Russian", async () => {
    await changeLocale('ru');
    mockApi(SU_MANAGER, ({ method }) =>
      method === 'POST'
        ? Response.json(
            {
              error: 'Exists',
              message: 'Booking rule already exists',
              message_key: { key: 'bookingRuleExists', params: {} },
            },
            { status: 422 },
          )
        : undefined,
    );
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByRole('textbox', { name: 'Мин. загрузка, %' }), '90');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Правило бронирования уже существует', 'negative'));
    expect(screen.queryByText('rules list')).not.toBeInTheDocument();
  });
});
