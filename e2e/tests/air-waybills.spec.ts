import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, USERS } from './helpers';

// Issue 12's browser check of the air waybill: forwarder A books an SU flight it gets made on a day past the demo
// schedule (through the API), then in the browser creates the air waybill of the booking with a typed number and adds
// two house waybills; the SU manager issues and verifies it; the forwarder asks for its void; the airline declines
// with a reason. Each step shows its state on the shipment page, and the list shows the waybill. The steps build on
// each other.
test.describe.configure({ mode: 'serial' });
const expect = baseExpect.configure({ timeout: 30_000 });

const DAY = new Date(Date.now() + 80 * 86_400_000).toISOString().slice(0, 10);
const STAMP = Math.floor(Date.now() / 1000);
const FLIGHT = String(6000 + (STAMP % 500) * 2);
// A typed SU number outside every demo stock range (those hold serials 1 000 000 – 2 009 999): 555-5SSSSSS + check digit.
const SERIAL = 5_000_000 + (STAMP % 1_000_000);
const MAWB = `555-${SERIAL}${SERIAL % 7}`;
const PIECES = 4;
const WEIGHT = 200;
const HOUSES = [
  { serial: 'E2EH1', pieces: 1, weight: 80, description: 'PUMP PARTS' },
  { serial: 'E2EH2', pieces: 3, weight: 100, description: 'VALVES' },
] as const;
const REQUEST_REASON = 'Shipment cancelled by the shipper';
const DECLINE_REASON = 'The cargo is already loaded';

let bookingId: number;

async function token(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/oauth/token', {
    data: { grant_type: 'password', email, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).access_token as string;
}

/** The shipment page of the waybill, loaded (its heading shown). */
async function openShipment(page: Page) {
  await page.goto(`/shipments/${MAWB}`);
  await expect(page.getByRole('heading', { name: `Air waybill ${MAWB}` })).toBeVisible();
}

/** The waybill's status badge beside its heading. */
function headingStatus(page: Page, status: string) {
  return page
    .getByRole('heading', { name: `Air waybill ${MAWB}` })
    .locator('..')
    .getByText(status, { exact: true });
}

/** Runs a lifecycle action of the detail page, confirms it and waits for the server's answer. */
async function lifecycle(page: Page, button: string, path: string) {
  await page.getByTestId('waybill-actions').getByRole('button', { name: button, exact: true }).click();
  const answered = page.waitForResponse((r) => r.url().includes(`/${path}`) && r.request().method() !== 'GET');
  await page.getByRole('button', { name: 'Yes' }).click();
  const response = await answered;
  expect(response.ok(), await response.text()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  const platform = { Authorization: `Bearer ${await token(request, USERS.platform)}` };
  // The flight flies an A319, which the demo schedule does not use: SU gets cargo capacity for it.
  const airlines = await request.get('/api/v3/companies?company_type=airline&q=SU', { headers: platform });
  expect(airlines.ok()).toBe(true);
  const su = ((await airlines.json()).data as { id: number; airline_code: string | null }[]).find(
    (c) => c.airline_code === 'SU',
  );
  expect(su).toBeDefined();
  const capacity = await request.patch('/api/v3/aircraft_capacities', {
    headers: platform,
    data: { airline_id: su!.id, capacities: [{ aircraft_type: '319', weight: 3000, volume: 20 }] },
  });
  expect(capacity.ok(), await capacity.text()).toBe(true);
  const flight = await request.post('/api/v3/segments', {
    headers: platform,
    data: {
      mode: 'single',
      carrier: 'SU',
      number: FLIGHT,
      time_mode: 'utc',
      legs: [{ origin: 'SVO', destination: 'KZN', std: `${DAY}T07:00`, sta: `${DAY}T08:30`, aircraft_type: '319' }],
    },
  });
  expect(flight.status(), await flight.text()).toBe(201);
  const created = (await flight.json()).created as { id: number }[];
  expect(created).toHaveLength(1);

  const forwarder = { Authorization: `Bearer ${await token(request, USERS.forwarderA)}` };
  const booked = await request.post('/api/v3/bookings', {
    headers: forwarder,
    data: {
      segment_ids: [created[0]!.id],
      pieces: PIECES,
      weight: WEIGHT,
      volume: 1.2,
      commodity: 'MACHINE PARTS',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = (await booked.json()) as { id: number; mawb: string | null };
  expect(booking.mawb).toBeNull();
  bookingId = booking.id;
});

test('the forwarder creates the air waybill of its booking and adds two house waybills', async ({ page }) => {
  await signIn(page, USERS.forwarderA);
  await page.goto(`/bookings/${bookingId}`);
  await page.getByRole('link', { name: 'Create air waybill' }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}/air-waybill$`));
  await expect(page.getByRole('heading', { name: `Air waybill of booking #${bookingId}` })).toBeVisible();
  const summary = page.getByTestId('booking-summary');
  await expect(summary).toContainText('SVO – KZN');
  await expect(summary).toContainText(`SU${FLIGHT}/`);

  await page.getByRole('textbox', { name: 'AWB number' }).fill(MAWB);
  const hsCodes = page.getByRole('combobox', { name: 'HS codes' });
  await hsCodes.fill('847330');
  await hsCodes.press('Enter');
  await page.getByRole('textbox', { name: 'Name, Shipper' }).fill('Pump Works LLC');
  await page.getByRole('textbox', { name: 'Name, Consignee' }).fill('Steppe Trading LLP');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v3/bookings/${bookingId}/air_waybill`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create air waybill' }).click();
  const response = await saved;
  expect(response.status(), await response.text()).toBe(201);
  await expect(page).toHaveURL(new RegExp(`/shipments/${MAWB}$`));
  await expect(page.getByRole('heading', { name: `Air waybill ${MAWB}` })).toBeVisible();
  await expect(headingStatus(page, 'Booked')).toBeVisible();

  for (const house of HOUSES) {
    await page.getByTestId('waybill-actions').getByRole('link', { name: 'HAWB', exact: true }).click();
    await expect(page.getByRole('heading', { name: `New house waybill of ${MAWB}` })).toBeVisible();
    await page.getByRole('textbox', { name: 'House waybill number' }).fill(house.serial);
    await page.getByRole('textbox', { name: 'Pieces' }).fill(String(house.pieces));
    await page.getByRole('textbox', { name: 'Weight', exact: true }).fill(String(house.weight));
    await page.getByRole('textbox', { name: 'Manifest description of goods' }).fill(house.description);
    const createdHouse = page.waitForResponse(
      (r) => r.url().includes('/house_waybills') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const answer = await createdHouse;
    expect(answer.status(), await answer.text()).toBe(201);
    await expect(page).toHaveURL(new RegExp(`/shipments/${MAWB}$`));
  }

  await page.getByRole('tab', { name: 'House waybills' }).click();
  for (const house of HOUSES) {
    const row = page.getByRole('row').filter({ hasText: house.serial });
    await expect(row).toContainText(house.description);
    await expect(row).toContainText(String(house.weight));
  }
});

test('the airline issues and verifies the air waybill', async ({ page }) => {
  await signIn(page, USERS.suManager);
  await openShipment(page);
  await lifecycle(page, 'Issue', 'issue');
  await expect(headingStatus(page, 'Issued')).toBeVisible();
  await lifecycle(page, 'Verify', 'verify');
  await expect(headingStatus(page, 'Verified')).toBeVisible();
  await expect(page.getByTestId('waybill-actions').getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);
});

test('the forwarder asks for the void: the request is in progress', async ({ page }) => {
  await signIn(page, USERS.forwarderA);
  await openShipment(page);
  await expect(headingStatus(page, 'Verified')).toBeVisible();
  await page.getByTestId('waybill-actions').getByRole('button', { name: 'Request void' }).click();
  const dialog = page.getByRole('dialog', { name: `Request to void ${MAWB}` });
  await dialog.getByRole('textbox', { name: 'Request reason' }).fill(REQUEST_REASON);
  const requested = page.waitForResponse((r) => r.url().includes('void_request') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Request void' }).click();
  const response = await requested;
  expect(response.status(), await response.text()).toBeLessThan(300);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('A void request is in progress')).toBeVisible();

  await page.getByRole('tab', { name: 'Void requests' }).click();
  const row = page.getByTestId('void-requests').getByRole('row').filter({ hasText: REQUEST_REASON });
  await expect(row).toContainText('In progress');
  // One request at a time: the forwarder cannot ask again while it is open.
  await expect(page.getByTestId('waybill-actions').getByRole('button', { name: 'Request void' })).toHaveCount(0);
});

test('the airline declines the void request with a reason; the waybill stays verified', async ({ page }) => {
  await signIn(page, USERS.suManager);
  await openShipment(page);
  await expect(page.getByText('A void request is in progress')).toBeVisible();
  await page.getByTestId('waybill-actions').getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog', { name: `Void request of ${MAWB}` });
  await expect(dialog).toContainText(REQUEST_REASON);
  await dialog.getByRole('radio', { name: 'Decline' }).check();
  await dialog.getByRole('textbox', { name: 'Resolution reason' }).fill(DECLINE_REASON);
  const resolved = page.waitForResponse((r) => r.url().includes('/resolve') && r.request().method() !== 'GET');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  const response = await resolved;
  expect(response.ok(), await response.text()).toBe(true);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('A void request is in progress')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Void requests' }).click();
  const row = page.getByTestId('void-requests').getByRole('row').filter({ hasText: REQUEST_REASON });
  await expect(row).toContainText('Declined');
  await expect(row).toContainText(DECLINE_REASON);
  await expect(headingStatus(page, 'Verified')).toBeVisible();
});

test('the forwarder sees the declined request, and its list shows the waybill verified', async ({ page }) => {
  await signIn(page, USERS.forwarderA);
  await openShipment(page);
  await page.getByRole('tab', { name: 'Void requests' }).click();
  const seen = page.getByTestId('void-requests').getByRole('row').filter({ hasText: REQUEST_REASON });
  await expect(seen).toContainText('Declined');
  await expect(seen).toContainText(DECLINE_REASON);

  await page.goto('/air-waybills');
  await page.getByRole('tab', { name: 'All' }).click();
  const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: MAWB, exact: true }) });
  await expect(listed).toContainText('Verified');
  await expect(listed).toContainText('SVO');
  await expect(listed).toContainText('KZN');
  await listed.getByRole('link', { name: MAWB, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/shipments/${MAWB}$`));
});
