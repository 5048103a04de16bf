import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { AIRLINE_MANAGER, FORWARDER, makeVoidRequest, makeWaybill } from '../testing';
import { ShipmentRoute } from './shipment';
import { ShipmentFwbRoute } from './shipment-pages';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/shipments/:mawb', element: <ShipmentRoute /> },
  { path: '/shipments/:mawb/fwb', element: <ShipmentFwbRoute /> },
];

type Waybill = ReturnType<typeof makeWaybill>;

/** What a lifecycle call answers: the waybill's state. */
function stateOf(w: Waybill) {
  const { id, mawb, booked, issued, verified, delivered, departed, billed, voided, warning } = w;
  return {
    ...{ id, mawb, booked, issued, verified, delivered, departed, billed, voided, warning },
    void_payment: w.void_payment,
    void_reason: w.void_reason,
    void_cancel_reason: w.void_cancel_reason,
    issued_at: w.issued_at,
    verified_at: w.verified_at,
    delivered_at: w.delivered_at,
    voided_at: w.voided_at,
    updated_at: w.updated_at,
    row_version: w.row_version + 1,
  };
}

function answer(waybill: Waybill, requests = [] as ReturnType<typeof makeVoidRequest>[]) {
  return ({ method, url }: Call) => {
    if (method === 'GET' && url === `/api/v3/air_waybills/${waybill.mawb}`) return Response.json(waybill);
    if (method === 'GET' && url === `/api/v3/air_waybills/${waybill.id}/void_requests`)
      return Response.json({ data: requests });
    if (method === 'GET' && url === `/api/v3/air_waybills/${waybill.mawb}/eap.cimp`)
      return new Response('FWB/17\n465-12345675ALASVO/T5K120\nRTG/SVOKC', {
        headers: { 'content-type': 'text/plain' },
      });
    if (method === 'POST' && url === `/api/v3/air_waybills/${waybill.id}/void_requests`)
      return Response.json(makeVoidRequest(), { status: 201 });
    if (method === 'POST' && url.startsWith('/api/v3/void_requests/'))
      return Response.json(makeVoidRequest({ status: 'declined', resolve_reason: 'Already departed' }));
    if (method !== 'GET' && url.startsWith(`/api/v3/air_waybills/${waybill.id}/`))
      return Response.json(stateOf(waybill));
    return undefined;
  };
}

/** The actions once the profile is there: `name` is one of them. */
const actions = async (name = 'Calculate') =>
  within(await screen.findByTestId('waybill-actions')).findByRole('button', { name });
const button = (name: string) => within(screen.getByTestId('waybill-actions')).queryByRole('button', { name });

describe('shipment detail', { timeout: 60_000 }, () => {
  it('shows the summary and the airline the actions of an issued waybill, not those of the forwarder', async () => {
    mockApi(AIRLINE_MANAGER, answer(makeWaybill()));
    renderRoutes(routes, '/shipments/465-12345675');
    await actions();
    expect(screen.getByRole('heading', { name: 'Air waybill 465-12345675' })).toBeInTheDocument();
    const summary = screen.getByTestId('waybill-summary');
    expect(within(summary).getByText('FWD · Forwarder LLP')).toBeInTheDocument();
    expect(within(summary).getByText('133.5 kg (calculated)')).toBeInTheDocument();
    for (const name of ['Calculate', 'Cancel issue', 'Verify', 'Deliver', 'Void'])
      expect(button(name)).toBeInTheDocument();
    for (const name of ['Issue', 'Request void', 'Cancel shipment', 'Resolve', 'Cancel void', 'HAWB'])
      expect(button(name)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FWB' })).toHaveAttribute('href', '/shipments/465-12345675/fwb');
  });

  it('shows the forwarder its own actions: request void and HAWB, no lifecycle of the airline', async () => {
    mockApi(FORWARDER, answer(makeWaybill()));
    renderRoutes(routes, '/shipments/465-12345675');
    await actions();
    for (const name of ['Request void', 'Calculate']) expect(button(name)).toBeInTheDocument();
    expect(within(screen.getByTestId('waybill-actions')).getByRole('link', { name: 'HAWB' })).toHaveAttribute(
      'href',
      '/air-waybills/465-12345675/house-waybills/create',
    );
    for (const name of ['Issue', 'Cancel issue', 'Verify', 'Deliver', 'Void', 'Cancel shipment', 'Resolve'])
      expect(button(name)).not.toBeInTheDocument();
  });

  it('posts the void request of the forwarder with its reason, required first', async () => {
    const calls = mockApi(FORWARDER, answer(makeWaybill()));
    const user = userEvent.setup();
    renderRoutes(routes, '/shipments/465-12345675');
    await actions();
    await user.click(button('Request void') as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Request to void 465-12345675' });
    await user.click(within(dialog).getByRole('button', { name: 'Request void' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Request reason' }), 'Shipper cancelled the order');
    await user.click(within(dialog).getByRole('button', { name: 'Request void' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v3/air_waybills/1/void_requests');
    expect(post?.body).toEqual({ reason: 'Shipper cancelled the order' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lets the airline resolve a request in progress: decline with a reason posts the decision', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer(makeWaybill(), [makeVoidRequest()]));
    const user = userEvent.setup();
    renderRoutes(routes, '/shipments/465-12345675');
    await actions();
    expect(await screen.findByText('A void request is in progress')).toBeInTheDocument();
    await user.click(await within(screen.getByTestId('waybill-actions')).findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void request of 465-12345675' });
    expect(within(dialog).getByText('Shipper cancelled the order')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Decline' }));
    // Declining voids nothing: the payment question is gone.
    expect(within(dialog).queryByRole('checkbox', { name: 'Payment needed for the void' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Resolution reason' }), 'Already departed');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v3/void_requests/5/resolve');
    expect(post?.body).toEqual({ decision: 'decline', reason: 'Already departed', payment_needed: false });
  });

  it('accepts a request with payment needed', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer(makeWaybill(), [makeVoidRequest()]));
    const user = userEvent.setup();
    renderRoutes(routes, '/shipments/465-12345675');
    await actions();
    await user.click(await within(screen.getByTestId('waybill-actions')).findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Resolution reason' }), 'Agreed');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Payment needed for the void' }));
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      decision: 'accept',
      reason: 'Agreed',
      payment_needed: true,
    });
  });

  it('voids an issued waybill with the payment decision and the reason', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer(makeWaybill()));
    const user = userEvent.setup();
    renderRoutes(routes, '/shipments/465-12345675');
    await actions();
    await user.click(button('Void') as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Void 465-12345675' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Void reason' }), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Payment required' }));
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v3/air_waybills/1/void');
    expect(post?.body).toEqual({ void_payment: 'required', reason: 'Duplicate' });
  });

  it('issues a waybill not issued yet after confirmation, and cancels it as a shipment rather than voiding', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer(makeWaybill({ issued: false, issued_at: null })));
    const user = userEvent.setup();
    renderRoutes(routes, '/shipments/465-12345675');
    await actions();
    expect(button('Cancel shipment')).toBeInTheDocument();
    for (const name of ['Void', 'Verify', 'Deliver', 'Cancel issue']) expect(button(name)).not.toBeInTheDocument();
    await user.click(button('Issue') as HTMLElement);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/v3/air_waybills/1/issue');

    await user.click(button('Cancel shipment') as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel shipment 465-12345675' });
    // Not issued: cancelling is not paid unless the airline says so.
    expect(within(dialog).getByRole('radio', { name: 'Payment not required' })).toBeChecked();
  });

  it('offers cancel void and the void payment on a voided waybill, nothing else of the lifecycle', async () => {
    const calls = mockApi(
      AIRLINE_MANAGER,
      answer(
        makeWaybill({ voided: true, void_payment: null, void_reason: 'Duplicate', voided_at: '2026-11-21T10:00:00Z' }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/shipments/465-12345675');
    await actions('Cancel void');
    for (const name of ['Calculate', 'Issue', 'Cancel issue', 'Verify', 'Void'])
      expect(button(name)).not.toBeInTheDocument();
    await user.click(button('Cancel void') as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the void of 465-12345675' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason to cancel the void' }), 'Voided by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel void' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const call = calls.find((c) => c.method === 'DELETE');
    expect(call?.url).toBe('/api/v3/air_waybills/1/void');
    expect(call?.body).toEqual({ cancel_reason: 'Voided by mistake' });
  });

  it('shows the generated FWB text in a monospace block', async () => {
    mockApi(FORWARDER, answer(makeWaybill()));
    renderRoutes(routes, '/shipments/465-12345675/fwb');
    const block = await screen.findByTestId('message-text');
    expect(block.textContent).toBe('FWB/17\n465-12345675ALASVO/T5K120\nRTG/SVOKC');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});
