import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { META, makeRule, makeSegment, mockApi, SU_MANAGER } from '../testing';
import { BookingRulesRoute } from './booking-rules';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

function render() {
  renderRoutes([{ path: '/settings/booking-rules', element: <BookingRulesRoute /> }], '/settings/booking-rules');
}

describe('settings / booking rules', { timeout: 60_000 }, () => {
  it("lists a rule's conditions and answer", async () => {
    mockApi(SU_MANAGER, ({ url }) =>
      url.startsWith('/api/v3/booking_rules')
        ? Response.json({ data: [makeRule({ max_weight: 3000 })], meta: META })
        : undefined,
    );
    render();
    const row = await screen.findByRole('row', { name: /DGR/ });
    for (const text of ['SU', 'SVO–any', '≥ 80', '≤ 3000', 'NN'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/settings/booking-rules/9/edit');
  });

  it('checks a shipment on a flight and names the rule that decided', async () => {
    const calls = mockApi(SU_MANAGER, ({ method, url }) => {
      if (url.startsWith('/api/v3/segments?'))
        return Response.json({
          data: [makeSegment()],
          meta: { per_page: 100, next_cursor: null, prev_cursor: null, total_count: 1, total_count_exact: true },
        });
      if (method === 'POST' && url === '/api/v3/booking_rules/check')
        return Response.json({
          response_status: 'NN',
          segments: [{ segment_id: 31, response_status: 'NN', rule_id: 9, load_percent: 85 }],
        });
      if (url.startsWith('/api/v3/booking_rules/9')) return Response.json(makeRule());
      return undefined;
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Check booking rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check booking rules' });
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findAllByText('Required field')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Flight date' }), '23.11.2026');
    await user.click(within(dialog).getByRole('combobox', { name: 'Flight (up to 4 legs of a route)' }));
    await user.click(await screen.findByText(/SU1234\/23NOV SVO–LED/));
    expect(await within(dialog).findByText('SU1234/23NOV SVO–LED')).toBeInTheDocument();
    const segmentsCall = calls.filter((c) => c.url.startsWith('/api/v3/segments?')).at(-1);
    expect(new URL(segmentsCall?.url ?? '', 'http://x').searchParams.get('date_from')).toBe('2026-11-23');

    await user.type(within(dialog).getByRole('textbox', { name: 'Weight, kg' }), '500');
    await user.type(within(dialog).getByRole('textbox', { name: 'Volume, m3' }), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      segment_ids: [31],
      pieces: 1,
      weight: 500,
      volume: 2.5,
      shcs: [],
    });
    expect(await within(dialog).findByText('Answer: NN — waiting for the airline')).toBeInTheDocument();
    expect(within(dialog).getByText('85 %')).toBeInTheDocument();
    expect(await within(dialog).findByRole('link', { name: 'rule #9' })).toHaveAttribute(
      'href',
      '/settings/booking-rules/9/edit',
    );
    expect(await within(dialog).findByText(/SVO–any; DGR; ≥ 80 %/)).toBeInTheDocument();
  });
});
