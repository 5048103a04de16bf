import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, USERS } from './helpers';

// Issue 11's bookings screens: a forwarder with an agreement with KC (FWDA) books through the API on a KC flight whose
// booking rule makes the airline answer (NN); the KC manager finds the request in the queue of /bookings, confirms
// it, sees it confirmed on its page with the change in its log, and opens the flight's summary and Booking rules tab. The steps build on each other.
test.describe.configure({ mode: 'serial' });
const expect = baseExpect.configure({ timeout: 30_000 });

async function token(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/oauth/token', {
    data: { grant_type: 'password', email, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).access_token as string;
}

interface SegmentRow {
  id: number;
  number_with_date: string;
  available: boolean;
  locked: boolean;
}

const WEIGHT = 137;
let segment: SegmentRow;
let bookingId: number;

test('a forwarder books on a KC flight whose rule waits for the airline', async ({ request }) => {
  const airline = { Authorization: `Bearer ${await token(request, USERS.xxManager)}` };
  // The demo schedule is loaded by a job after the server starts: wait for a KC flight open for sale a few days ahead.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const query = `tab=all&carrier=KC&date_from=${day(3)}&date_to=${day(6)}&per_page=100`;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v3/segments?${query}`, { headers: airline });
        if (!response.ok()) return null;
        const found = ((await response.json()).data as SegmentRow[]).find((s) => s.available && !s.locked);
        if (found) segment = found;
        return found?.id ?? null;
      },
      { timeout: 80_000, intervals: [2_000] },
    )
    .not.toBeNull();

  // The demo aircraft types carry no capacity: the airline gives this flight some.
  const capacity = await request.put(`/api/v3/segments/${segment.id}/aircraft_capacity`, {
    headers: airline,
    data: { weight: 5000, volume: 30 },
  });
  expect(capacity.ok(), await capacity.text()).toBe(true);
  const rule = await request.post('/api/v3/booking_rules', {
    headers: airline,
    data: { segment_id: segment.id, response_status: 'NN' },
  });
  expect(rule.status(), await rule.text()).toBe(201);

  const forwarder = { Authorization: `Bearer ${await token(request, USERS.forwarderA)}` };
  const booked = await request.post('/api/v3/bookings', {
    headers: forwarder,
    data: { segment_ids: [segment.id], pieces: 3, weight: WEIGHT, volume: 0.9, commodity: 'E2E spare parts' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = await booked.json();
  expect(booking.response_status).toBe('NN');
  bookingId = booking.id;
});

test('the airline confirms the request from its queue and opens its flight', async ({ page }) => {
  await signIn(page, USERS.xxManager);
  const listed = page.waitForResponse(
    (response) => response.url().includes('/api/v3/bookings?') && response.request().method() === 'GET',
    { timeout: 80_000 },
  );
  await page.goto('/bookings?response_status=NN');
  await listed;
  await expect(page.getByRole('tab', { name: 'Waiting for the airline' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: String(bookingId), exact: true }) });
  await expect(row).toContainText(segment.number_with_date);
  await expect(row).toContainText(`${WEIGHT} kg`);
  await expect(row).toContainText('FWDA');

  await row.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Booking confirmed')).toBeVisible();
  // Answered, it leaves the queue.
  await expect(row).toHaveCount(0);

  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByRole('heading', { name: `Booking #${bookingId}` })).toBeVisible();
  const fields = page.getByTestId('booking-fields');
  await expect(fields).toContainText('KC');
  await expect(fields).toContainText('E2E spare parts');
  await page.getByRole('tab', { name: 'Change log' }).click();
  await expect(page.getByTestId('booking-change-log')).toContainText('NN → KK');

  await page.getByRole('tab', { name: 'Segments' }).click();
  await page.getByTestId('booking-segments').getByRole('link', { name: segment.number_with_date }).click();
  await expect(page).toHaveURL(new RegExp(`/flights/${segment.id}$`));
  // The summary shows the flight's booked figures as the server counts them.
  await expect(page.getByText('Booked', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Booking rules' }).click();
  await expect(page.getByTestId('flight-booking-rules')).toContainText('NN');
});
