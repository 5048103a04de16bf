import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { type Call, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { AIRLINE_MANAGER, FORWARDER, makeVoidRequest, PAGE_META } from '../testing';
import { VoidRequestsRoute } from './void-requests';

vi.mock('@/lib/log/log-intake', () => ({ logEvent: vi.fn() }));
vi.mock('@/lib/notify', () => ({ toast: vi.fn(), notify: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const REQUESTS = [
  makeVoidRequest(),
  makeVoidRequest({
    id: 6,
    mawb: '465-12345686',
    status: 'accepted',
    resolve_reason: 'Agreed',
    payment_required: true,
  }),
  makeVoidRequest({ id: 7, mawb: '465-12345690', status: 'declined', resolve_reason: 'Departed' }),
];

function answer({ method, url }: Call) {
  if (method === 'GET' && url.startsWith('/api/v3/void_requests'))
    return Response.json({ data: REQUESTS, meta: { ...PAGE_META, total_count: 3 } });
  if (method === 'POST' && url === '/api/v3/void_requests/5/resolve')
    return Response.json(makeVoidRequest({ status: 'accepted', resolve_reason: 'Agreed', payment_required: false }));
  if (method === 'DELETE' && url === '/api/v3/void_requests/5') return new Response(null, { status: 204 });
  return undefined;
}

const render = (path = '/void-requests') =>
  renderRoutes([{ path: '/void-requests', element: <VoidRequestsRoute /> }], path);

describe('void requests', { timeout: 60_000 }, () => {
  it('shows requested as "In progress", accepted and declined, with the reasons and the payment flag', async () => {
    mockApi(AIRLINE_MANAGER, answer);
    render();
    const first = (await screen.findByRole('link', { name: '465-12345675' })).closest('tr') as HTMLElement;
    expect(within(first).getByText('In progress')).toBeInTheDocument();
    expect(within(first).getByText('Shipper cancelled the order')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    const accepted = screen.getByRole('link', { name: '465-12345686' }).closest('tr') as HTMLElement;
    expect(within(accepted).getByText('Accepted')).toBeInTheDocument();
    expect(within(accepted).getByText('Payment needed')).toBeInTheDocument();
    expect(within(accepted).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    const declined = screen.getByRole('link', { name: '465-12345690' }).closest('tr') as HTMLElement;
    expect(within(declined).getByText('Declined')).toBeInTheDocument();
    expect(within(declined).getByText('Departed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '465-12345675' })).toHaveAttribute('href', '/shipments/465-12345675');
  });

  it('sends the status and number filters of the URL', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer);
    render('/void-requests?status=requested&mawb=465-123');
    await screen.findByRole('link', { name: '465-12345675' });
    const query = new URL(calls.filter((c) => c.url.startsWith('/api/v3/void_requests')).at(-1)?.url ?? '/', 'http://x')
      .searchParams;
    expect(query.get('status')).toBe('requested');
    expect(query.get('mawb')).toBe('465-123');
  });

  it('resolves a request from the list: accept posts the decision, the reason and no payment', async () => {
    const calls = mockApi(AIRLINE_MANAGER, answer);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void request of 465-12345675' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Resolution reason' }), 'Agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v3/void_requests/5/resolve');
    expect(post?.body).toEqual({ decision: 'accept', reason: 'Agreed', payment_needed: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lets the forwarder withdraw its request in progress, not resolve it', async () => {
    const calls = mockApi(FORWARDER, answer);
    const user = userEvent.setup();
    render();
    const withdraw = await screen.findByRole('button', { name: 'Withdraw request' });
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    await user.click(withdraw);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v3/void_requests/5');
  });

  it('reads in Spanish', async () => {
    await changeLocale('es');
    mockApi(AIRLINE_MANAGER, answer);
    render();
    expect(await screen.findByText('En curso')).toBeInTheDocument();
    expect(screen.getByText('Aceptada')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Resolver' })).toBeInTheDocument();
  });
});
