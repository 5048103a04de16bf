import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, USERS } from './helpers';

// Issue 14's browser check of the messaging center: the SU airline manager uploads a telegram file on
// /messaging/cimp, validates it, sends it, and sees the telegram parsed and processed; then opens an outgoing FWB on
// /messaging/outgoing-messages and its details.
//
// The telegram is an FBL (booking list) of an SU flight: seed 001 section 9 has an airline's intake process FBL only
// (PROCESSED_TELEGRAM_TYPES in packages/domain), so an FBL is what an airline manager's upload applies — stored as
// the flight's document with its AWBs. The flight is made through the API on a day past the demo schedule (as the air
// waybill test does), and the FBL lists a demo SU waybill, so every line is known and the telegram is "Processed".
// The outgoing FWB is made through the API (send_fwb of a demo SU waybill by e-mail); without an SMTP server the
// e-mail channel writes to the log, so the message is in the log either way.
test.describe.configure({ mode: 'serial' });
const expect = baseExpect.configure({ timeout: 30_000 });

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DATE = new Date(Date.now() + 75 * 86_400_000);
const DAY = DATE.toISOString().slice(0, 10);
const DAY_MONTH = `${String(DATE.getUTCDate()).padStart(2, '0')}${MONTHS[DATE.getUTCMonth()]}`;
const STAMP = Math.floor(Date.now() / 1000);
const FLIGHT = String(7000 + (STAMP % 400) * 2);

let fbl = '';
let fwbMessageId = 0;
let fwbMawb = '';

async function token(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/oauth/token', {
    data: { grant_type: 'password', email, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).access_token as string;
}

interface WaybillRow {
  id: number;
  mawb: string;
  origin: string;
  destination: string;
}

test.beforeAll(async ({ request }, testInfo) => {
  testInfo.setTimeout(300_000);
  const platform = { Authorization: `Bearer ${await token(request, USERS.platform)}` };
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

  // Demo SU waybills the manager sees: one goes on the FBL, one (that has what an FWB needs) goes out as FWB.
  const manager = { Authorization: `Bearer ${await token(request, USERS.suManager)}` };
  // The demo waybills are made by a background job after the demo schedule loads, so they are waited for.
  let rows: WaybillRow[] = [];
  await expect
    .poll(
      async () => {
        const list = await request.get('/api/v3/air_waybills?carrier=SU&per_page=20', { headers: manager });
        expect(list.ok(), await list.text()).toBe(true);
        rows = (await list.json()).data as WaybillRow[];
        return rows.length;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBeGreaterThan(1);
  const onList = rows[0]!;
  fbl = [
    'FBL/4',
    `1/SU${FLIGHT}/${DAY_MONTH}/SVO`,
    'KZN',
    `${onList.mawb}${onList.origin}${onList.destination}/T2K40/CONSOLIDATION`,
    'LAST',
    '',
  ].join('\n');

  for (const row of rows) {
    const sent = await request.post(`/api/v3/air_waybills/${row.id}/send_fwb`, {
      headers: manager,
      data: { channel: 'email', addresses: ['cargo.ops@example.com'] },
    });
    if (sent.status() !== 202) continue;
    const data = (await sent.json()).data as { id: number; message_type: string | null }[];
    const fwb = data.find((m) => m.message_type === 'FWB');
    if (!fwb) continue;
    fwbMessageId = fwb.id;
    fwbMawb = row.mawb;
    break;
  }
  expect(fwbMessageId, 'an FWB sent for a demo SU waybill').toBeGreaterThan(0);
});

test('the airline manager uploads a telegram file and sees it parsed and processed', async ({ page }) => {
  await signIn(page, USERS.suManager);
  await page.goto('/messaging/cimp');
  await expect(page.getByRole('heading', { name: 'Upload CIMP' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: `fbl-su${FLIGHT}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(fbl),
  });
  await page.getByRole('button', { name: 'Validate' }).click();
  const found = page.getByRole('table', { name: 'Telegrams found' });
  await expect(found.getByRole('cell', { name: 'FBL', exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('The telegram is valid');

  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/v3/cimp_telegrams') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const response = await uploaded;
  expect(response.status(), await response.text()).toBe(201);
  const [id] = ((await response.json()) as { ids: number[] }).ids;

  const result = page.getByRole('table', { name: 'Telegrams received' });
  const row = result.getByRole('row').filter({ has: page.getByRole('link', { name: `CIMP telegram ${id}` }) });
  await expect(row.getByText('Parsed', { exact: true })).toBeVisible();
  await expect(row.getByText('Processed', { exact: true })).toBeVisible();

  await row.getByRole('link', { name: `CIMP telegram ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/messaging/cimp-telegrams/${id}$`));
  await expect(page.getByRole('heading', { name: `CIMP telegram ${id} · FBL/4` })).toBeVisible();
  await expect(page.getByText('Processed', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Flight \d+$/ })).toBeVisible();
  const body = page.getByRole('region', { name: 'Telegram text' });
  await expect(body.locator('[data-line="2"]')).toContainText(`1/SU${FLIGHT}/${DAY_MONTH}/SVO`);
  await expect(body.locator('[data-error]')).toHaveCount(0);

  // The list shows it with its statuses.
  await page.goto('/messaging/cimp-telegrams?message_type=FBL');
  const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: String(id), exact: true }) });
  await expect(listed.getByText('Processed', { exact: true })).toBeVisible();
  await expect(listed.getByText('Upload', { exact: true })).toBeVisible();
});

test('the airline manager opens an outgoing FWB and its details', async ({ page }) => {
  await signIn(page, USERS.suManager);
  await page.goto('/messaging/outgoing-messages');
  const expand = page.getByRole('button', { name: `Show details ${fwbMessageId}` });
  await expect(expand).toBeVisible();
  const row = page.getByRole('row').filter({ has: expand });
  await expect(row).toContainText('FWB');
  await expect(row).toContainText(fwbMawb);
  await expand.click();
  const body = page.getByTestId('message-body');
  await expect(body).toContainText('FWB/');
  await expect(body).toContainText(fwbMawb);
  await expect(page.getByText('Message ID', { exact: true })).toBeVisible();
  await expect(page.getByText('cargo.ops@example.com').first()).toBeVisible();
});
