import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, USERS } from './helpers';

// Issue 10's browser check: an airline manager (KC, configured for external tariffs) creates a tariff; a forwarder
// with an agreement with KC (FWDA) sees it marked new and confirms awareness; a forwarder without an agreement that
// shows KC's tariffs (FWDB) sees nothing of it and gets no price for that route. The steps build on each other.
test.describe.configure({ mode: 'serial' });

/** The tariff's internal id, unique per run, so the lists can be filtered down to it. */
const INTERNAL_ID = `E2E-${Date.now().toString(36).toUpperCase()}`;
const LIST = '/tariffs/external-tariffs';

async function token(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/oauth/token', {
    data: { grant_type: 'password', email, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).access_token as string;
}

/**
 * The demo gives FWDB no agreement with KC, but the settings spec of the same run creates one: whatever KC agreements
 * FWDB has stop showing tariffs here, so FWDB is a forwarder without an agreement that lets it see KC's prices.
 */
async function withoutKcAgreement(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await token(request, USERS.xxManager)}` };
  const list = await request.get('/api/v3/agreements?per_page=100', { headers });
  expect(list.ok()).toBe(true);
  const agreements = (await list.json()).data as {
    id: number;
    client: { short_name: string };
    show_tariffs: boolean;
  }[];
  for (const agreement of agreements.filter((a) => a.client.short_name === 'FWDB' && a.show_tariffs)) {
    const changed = await request.patch(`/api/v3/agreements/${agreement.id}`, {
      headers,
      data: { show_tariffs: false },
    });
    expect(changed.ok()).toBe(true);
  }
}

/**
 * Opens the tariff list with a query and waits for its list call to answer: on a loaded machine the page's scripts
 * can take longer than an assertion waits, and what is asserted is the answer, not the time it took.
 */
async function openList(page: Page, query: string) {
  const listed = page.waitForResponse(
    (response) => response.url().includes('/api/v3/billing/tariffs?') && response.request().method() === 'GET',
    { timeout: 80_000 },
  );
  await page.goto(`${LIST}?${query}`);
  await listed;
}

function tariffRow(page: Page) {
  return page.getByRole('row', { name: /ALA.*NQZ/ });
}

test('an airline manager creates a tariff', async ({ page }) => {
  await signIn(page, USERS.xxManager);
  await openList(page, 'mode=all');
  await page.getByRole('link', { name: 'New tariff' }).click();
  await expect(page).toHaveURL(/\/tariffs\/external-tariffs\/create$/);
  // The list stays on screen while the form's page loads: wait for the form before typing.
  await expect(page.getByRole('heading', { name: 'New tariff' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Origin' }).fill('ALA');
  await page.getByRole('textbox', { name: 'Destination' }).fill('NQZ');
  await page.getByRole('textbox', { name: 'Internal id' }).fill(INTERNAL_ID);
  await page.getByRole('textbox', { name: 'Currency' }).fill('USD');
  // Without the normal rate the form refuses to send (seed 001 section 8).
  await page.getByRole('textbox', { name: 'M, First level' }).fill('50');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Normal rate must be specified')).toBeVisible();

  await page.getByRole('textbox', { name: 'N, First level' }).fill('16.00');
  await page.getByRole('textbox', { name: '45, First level' }).fill('9.00');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/tariffs\/external-tariffs$/);

  await openList(page, `q=${INTERNAL_ID}`);
  const row = tariffRow(page);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('16.00 USD')).toBeVisible();
  await expect(row.getByText('9.00 USD')).toBeVisible();
  // The airline does not confirm awareness: that is the forwarders' mark.
  await expect(row.getByText('New', { exact: true })).toHaveCount(0);
});

test('a forwarder with an agreement sees it marked new and confirms awareness', async ({ page }) => {
  await signIn(page, USERS.forwarderA);
  await openList(page, `mode=new&q=${INTERNAL_ID}`);
  const row = tariffRow(page);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New tariff' })).toHaveCount(0);

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Confirm awareness of 1 selected' }).click();
  await expect(page.getByText('Awareness confirmed: 1 record')).toBeVisible();
  await expect(page.getByText('No records')).toBeVisible();

  await openList(page, `mode=all&q=${INTERNAL_ID}`);
  await expect(tariffRow(page)).toHaveCount(1);
  await expect(tariffRow(page).getByText('New', { exact: true })).toHaveCount(0);
});

test('a forwarder without an agreement sees nothing of it and gets no price for the route', async ({
  page,
  request,
}) => {
  await withoutKcAgreement(request);
  await signIn(page, USERS.forwarderB);
  await openList(page, `mode=all&q=${INTERNAL_ID}`);
  await expect(page.getByText('No records')).toBeVisible();
  await expect(tariffRow(page)).toHaveCount(0);

  await openList(page, 'carrier=KC&origin=ALA&destination=NQZ');
  await page.getByRole('textbox', { name: 'Weight, kg' }).fill('30');
  await page.getByRole('button', { name: 'Check the price' }).click();
  const result = page.getByTestId('quote-result');
  await expect(result.getByText('Information about tariffs is not available')).toBeVisible();
  await expect(result.getByText(/no agreement with the airline shows its tariffs/)).toBeVisible();
  await expect(result.getByRole('table')).toHaveCount(0);
});
