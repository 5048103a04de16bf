import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn, USERS } from './helpers';

// Issue 11 item 5: settings allotments, booking rules (with the check dialog) and permitted routes, as an airline manager.
test.describe.configure({ mode: 'serial' });

async function token(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/oauth/token', {
    data: { grant_type: 'password', email, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).access_token as string;
}

test('an airline manager creates, changes and deletes a route allotment', async ({ page }) => {
  await signIn(page, USERS.suManager);
  await page.goto('/settings/allotments/create');
  await page.getByRole('combobox', { name: 'Origin' }).fill('SVO');
  await page.getByRole('option', { name: /^SVO — / }).click();
  await page.getByRole('combobox', { name: 'Destination' }).fill('KGD');
  await page.getByRole('option', { name: /^KGD — / }).click();
  await page.getByRole('combobox', { name: 'Forwarder' }).click();
  await page.getByRole('option', { name: /^FWDA — / }).click();
  await page.getByRole('textbox', { name: 'Weight, kg' }).fill('700');
  await page.getByRole('textbox', { name: 'Volume, m3' }).fill('4.5');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/settings\/allotments$/);

  await page.goto('/settings/allotments?destination_iata=KGD');
  const row = page.getByRole('row', { name: /SVO–KGD/ });
  await expect(row).toContainText('FWDA');
  await expect(row).toContainText('700');
  await expect(row).toContainText('every flight of the route');

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: /Edit allotment SU SVO–KGD/ })).toBeVisible();
  const weight = page.getByRole('textbox', { name: 'Weight, kg' });
  await weight.fill('750');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.goto('/settings/allotments?destination_iata=KGD');
  await expect(page.getByRole('row', { name: /SVO–KGD/ })).toContainText('750');
  await page
    .getByRole('row', { name: /SVO–KGD/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('row', { name: /SVO–KGD/ })).toHaveCount(0);
});

test('the check dialog answers for a demo flight and names what decided', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await token(request, USERS.suManager)}` };
  const flights = await request.get('/api/v3/segments?tab=all&carrier=SU&per_page=1', { headers });
  expect(flights.ok()).toBe(true);
  const [flight] = (await flights.json()).data as { flight_date: string; number_with_date: string }[];
  expect(flight).toBeDefined();
  const [y, m, d] = (flight?.flight_date ?? '').split('-');

  await signIn(page, USERS.suManager);
  await page.goto('/settings/booking-rules');
  await page.getByRole('button', { name: 'Check booking rules' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check booking rules' });
  await dialog.getByRole('textbox', { name: 'Flight date' }).fill(`${d}.${m}.${y}`);
  await dialog.getByRole('textbox', { name: 'Flight date' }).blur();
  await dialog.getByRole('combobox', { name: 'Flight (up to 4 legs of a route)' }).click();
  await page
    .getByRole('option', { name: new RegExp(`^${flight?.number_with_date.replace('/', '\\/')} `) })
    .first()
    .click();
  await dialog.getByRole('textbox', { name: 'Weight, kg' }).fill('100');
  await dialog.getByRole('textbox', { name: 'Volume, m3' }).fill('1');
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByText(/^Answer: (KK|NN|UU) — /)).toBeVisible();
  await expect(dialog.getByRole('cell', { name: /rule #\d+|no rule matches: confirmed/ })).toBeVisible();
});

test('a permitted route is added non-stop and removed', async ({ page }) => {
  await signIn(page, USERS.suManager);
  await page.goto('/settings/permitted-routes/create');
  await page.getByRole('textbox', { name: 'Origin (airport or city)' }).fill('mow');
  await page.getByRole('textbox', { name: 'Destination (airport or city)' }).fill('KGD');
  await page.getByRole('switch', { name: 'non-stop only' }).check({ force: true });
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/settings\/permitted-routes$/);
  await page.goto('/settings/permitted-routes?destination=KGD');
  const row = page.getByRole('row', { name: /MOW/ });
  await expect(row).toContainText('non-stop only');
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('row', { name: /MOW/ })).toHaveCount(0);
});
