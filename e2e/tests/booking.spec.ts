import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, USERS } from './helpers';

// Issue 11's browser check of the booking selection (/offers/select, reached on a forwarder subdomain; Chromium resolves
// *.localhost to this machine). The test makes its own flights through the API on a day past the demo schedule, so the
// routes it finds are exactly these:
//   KC ·3 SVO-NQZ 06:00-10:00 + KC ·4 NQZ-ALA 11:30-13:30  (KC alone, 7 h 30 min: faster)
//   SU ·1 SVO-KZN 07:00-08:30 + KC ·2 KZN-ALA 10:30-15:00  (SU-KC interline on SU's tariff, 8 h: cheaper)
//   KC ·3 + KC ·5 NQZ-ALA 10:20-12:00                      (20 minutes at NQZ: the connection is not workable)
// Forwarder A (agreements with SU and KC) sorts Cheaper and books the interline route; the airlines see the booking
// and their flights' booked weight rises; forwarder B (an agreement with SU only) is told why and refused with the
// seed's message.
test.describe.configure({ mode: 'serial' });

const DAY = new Date(Date.now() + 75 * 86_400_000).toISOString().slice(0, 10);
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const BASE = 7000 + (Math.floor(Date.now() / 1000) % 400) * 5;
const NUMBERS = [1, 2, 3, 4, 5].map((i) => String(BASE + i));
const [SU1, KC2, KC3, KC4, KC5] = NUMBERS as [string, string, string, string, string];
const WEIGHT = 100;

const segmentsOf: Record<string, number> = {};

function origin(subdomain: string): string {
  const port = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:3100').port;
  return `http://${subdomain}.localhost:${port}`;
}

async function token(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/oauth/token', {
    data: { grant_type: 'password', email, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).access_token as string;
}

async function flight(
  request: APIRequestContext,
  auth: Record<string, string>,
  carrier: string,
  number: string,
  from: string,
  to: string,
  std: string,
  sta: string,
) {
  const response = await request.post('/api/v3/segments', {
    headers: auth,
    data: {
      mode: 'single',
      carrier,
      number,
      time_mode: 'utc',
      legs: [{ origin: from, destination: to, std: `${DAY}T${std}`, sta: `${DAY}T${sta}`, aircraft_type: '319' }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = (await response.json()).created as { id: number }[];
  expect(created).toHaveLength(1);
  segmentsOf[number] = created[0]!.id;
}

/** Signs in on a forwarder subdomain: the landing redirect of a forwarder there is the booking selection. */
async function signInOn(page: Page, subdomain: string, email: string) {
  const host = origin(subdomain);
  await page.goto(`${host}/signIn`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${host}/offers/select`);
  await expect(page.getByRole('heading', { name: 'Booking selection' })).toBeVisible();
}

/** Fills the request (the date through the field's text) and waits for the search's answer. */
async function searchSvoAla(page: Page) {
  await page.getByRole('textbox', { name: 'Origin' }).fill('SVO');
  await page.getByRole('textbox', { name: 'Destination' }).fill('ALA');
  const [y, m, d] = DAY.split('-');
  await page.getByRole('textbox', { name: 'Shipping date from' }).fill(`${d}.${m}.${y}`);
  await page.getByRole('textbox', { name: 'Pieces' }).fill('2');
  await page.getByRole('textbox', { name: 'Weight, kg' }).fill(String(WEIGHT));
  await page.getByRole('textbox', { name: 'Volume, m3' }).fill('0.5');
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/v3/segments/trips?') && r.request().method() === 'GET',
  );
  await page.getByRole('button', { name: 'Find routes' }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
}

const flightText = (number: string) => new RegExp(`${number}/`);

test.beforeAll(async ({ request }) => {
  const platform = { Authorization: `Bearer ${await token(request, USERS.platform)}` };
  // These flights fly an A319, which the demo schedule does not use: 3,000 kg and 20 m3 of cargo each.
  for (const code of ['SU', 'KC']) {
    const airlines = await request.get(`/api/v3/companies?company_type=airline&q=${code}`, { headers: platform });
    expect(airlines.ok()).toBe(true);
    const airline = ((await airlines.json()).data as { id: number; airline_code: string | null }[]).find(
      (c) => c.airline_code === code,
    );
    expect(airline).toBeDefined();
    const set = await request.patch('/api/v3/aircraft_capacities', {
      headers: platform,
      data: { airline_id: airline!.id, capacities: [{ aircraft_type: '319', weight: 3000, volume: 20 }] },
    });
    expect(set.ok(), await set.text()).toBe(true);
  }
  await flight(request, platform, 'SU', SU1, 'SVO', 'KZN', '07:00', '08:30');
  await flight(request, platform, 'KC', KC2, 'KZN', 'ALA', '10:30', '15:00');
  await flight(request, platform, 'KC', KC3, 'SVO', 'NQZ', '06:00', '10:00');
  await flight(request, platform, 'KC', KC4, 'NQZ', 'ALA', '11:30', '13:30');
  await flight(request, platform, 'KC', KC5, 'NQZ', 'ALA', '10:20', '12:00');

  // Forwarder B must have no valid agreement with KC (another spec of the run may have made one): end any today.
  const kc = { Authorization: `Bearer ${await token(request, USERS.xxManager)}` };
  const list = await request.get('/api/v3/agreements?per_page=100', { headers: kc });
  expect(list.ok()).toBe(true);
  const agreements = (await list.json()).data as { id: number; client: { short_name: string } }[];
  for (const agreement of agreements.filter((a) => a.client.short_name === 'FWDB')) {
    const ended = await request.patch(`/api/v3/agreements/${agreement.id}`, {
      headers: kc,
      data: { effective_from: '2026-01-01', effective_to: YESTERDAY },
    });
    expect(ended.ok(), await ended.text()).toBe(true);
  }

  // The server's timetable index follows new flights at once or within moments: wait until it offers both routes.
  const fwdA = { Authorization: `Bearer ${await token(request, USERS.forwarderA)}`, 'X-Carrier': 'fwda' };
  await expect
    .poll(
      async () => {
        const r = await request.get(
          `/api/v3/segments/trips?origin=SVO&destination=ALA&date_from=${DAY}&pieces=2&weight=${WEIGHT}&volume=0.5`,
          { headers: fwdA },
        );
        return r.ok() ? ((await r.json()).routes as unknown[]).length : -1;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
});

test('a forwarder finds a route with a transfer, sorts Cheaper and books it; the airline sees the booking', async ({
  page,
  request,
}) => {
  await signInOn(page, 'fwda', USERS.forwarderA);
  await searchSvoAla(page);

  const routes = page.getByRole('table', { name: 'Routes' });
  const rows = routes.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  // Faster first: the KC route takes 7 h 30 min, the interline one through KZN 8 h.
  await expect(rows.nth(0)).toContainText(flightText(KC3));
  await expect(rows.nth(0)).toContainText('SVO → NQZ → ALA');
  await expect(rows.nth(1)).toContainText(flightText(SU1));

  const sorted = page.waitForResponse(
    (r) => r.url().includes('/api/v3/segments/trips?') && r.url().includes('sort=cheaper'),
  );
  await page.getByText('Cheaper', { exact: true }).click();
  expect((await sorted).status()).toBe(200);
  await expect(rows.nth(0)).toContainText(flightText(SU1));
  await expect(rows.nth(1)).toContainText(flightText(KC3));
  const cheapest = rows.nth(0);
  await expect(cheapest).toContainText('SVO → KZN → ALA');
  await expect(cheapest).toContainText('1 via KZN');
  await expect(cheapest).toContainText(flightText(KC2));
  const prices = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.querySelectorAll('td')[8]?.textContent)));
  expect(prices[0]).toBeGreaterThan(0);
  expect(prices[0]).toBeLessThan(prices[1]!);

  // The candidate with 20 minutes at NQZ is explained.
  const why = page.getByRole('table', { name: 'Candidates that cannot be booked' });
  await expect(why.getByRole('row', { name: flightText(KC5) })).toContainText(
    /Connection not workable: 20 min at NQZ, minimum \d+ min/,
  );

  // Select, see the panel, book.
  await cheapest.getByRole('button', { name: 'Select' }).click();
  const panel = page.getByRole('region', { name: 'Selected route' });
  await expect(panel.getByRole('textbox', { name: 'AWB carrier' })).toHaveValue('SU');
  await expect(panel.getByText(/dangerous goods/i)).toBeVisible();
  const booked = page.waitForResponse((r) => r.url().endsWith('/api/v3/bookings') && r.request().method() === 'POST');
  await panel.getByRole('button', { name: 'Book' }).click();
  const response = await booked;
  expect(response.status(), await response.text()).toBe(201);
  const booking = (await response.json()) as { id: number; response_status: string };
  await expect(page.getByText(/Booking (confirmed \(KK\)|is waiting for the airline \(NN\))/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open bookings' })).toHaveAttribute('href', '/bookings');

  // Each airline sees the booking on its flight, and the flight's booked weight rose by the shipment.
  for (const [manager, number] of [
    [USERS.suManager, SU1],
    [USERS.xxManager, KC2],
  ] as const) {
    const airline = { Authorization: `Bearer ${await token(request, manager)}` };
    const list = await request.get(`/api/v3/bookings?segment_id=${segmentsOf[number]}`, { headers: airline });
    expect(list.ok(), await list.text()).toBe(true);
    const seen = ((await list.json()).data as { id: number; forwarder: { short_name: string } }[]).find(
      (b) => b.id === booking.id,
    );
    expect(seen?.forwarder.short_name).toBe('FWDA');
    const availability = await request.get(`/api/v3/bookings/availability?segment_ids=${segmentsOf[number]}`, {
      headers: airline,
    });
    expect(availability.ok(), await availability.text()).toBe(true);
    expect((await availability.json()).data[0].booked_weight).toBe(WEIGHT);
  }
});

test('a forwarder without an agreement with KC is told why and refused with the seed message', async ({ page }) => {
  await signInOn(page, 'fwdb', USERS.forwarderB);
  await searchSvoAla(page);
  await expect(page.getByText('No bookable routes for this request')).toBeVisible();
  const why = page.getByRole('table', { name: 'Candidates that cannot be booked' });
  const candidate = why.getByRole('row', { name: flightText(KC4) });
  await expect(candidate).toContainText('No valid agreement with airline: KC');

  await candidate.getByRole('button', { name: 'Select' }).click();
  const panel = page.getByRole('region', { name: 'Selected route' });
  await expect(panel.getByText('This route cannot be booked now')).toBeVisible();
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v3/bookings') && r.request().method() === 'POST');
  await panel.getByRole('button', { name: 'Book' }).click();
  expect((await refused).status()).toBe(403);
  await expect(page.getByRole('alert').filter({ hasText: 'Booking failed' })).toContainText(
    'No valid agreement with airline',
  );
});
