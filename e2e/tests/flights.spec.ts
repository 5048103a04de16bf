import { expect as baseExpect, type Page, test } from '@playwright/test';
import { signIn, USERS } from './helpers';

// Issue 9's browser check: an airline manager of a demo airline (KC, which edits its own flights) creates a regular
// flight on Monday, Wednesday and Friday over a month, sees its segments in local time and in UTC, closes sales on one,
// and the change log shows who did it. The steps build on each other, so they run in order.
test.describe.configure({ mode: 'serial' });
// On a shared machine a page (its lazy chunk, then its calls) may take longer than the default wait to show.
const expect = baseExpect.configure({ timeout: 30_000 });

const NUMBER = '9431';

/** `YYYY-MM-DD` of a date (UTC calendar). */
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The first Monday at least a week from now, and the Sunday four weeks later: twelve Mon/Wed/Fri flight dates. */
function period(): { from: string; to: string; first: string } {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 7);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  const from = isoDate(day);
  const to = new Date(day);
  to.setUTCDate(to.getUTCDate() + 27);
  return { from, to: isoDate(to), first: from };
}

/** "07.12.2026" from "2026-12-07", as the screens write dates. */
const shown = (iso: string) => iso.split('-').reverse().join('.');

async function pickAirport(page: Page, label: string, code: string) {
  await page.getByRole('combobox', { name: label }).fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code} — `) }).click();
}

async function setUtc(page: Page, on: boolean) {
  const toggle = page.getByRole('switch', { name: 'UTC' });
  if ((await toggle.isChecked()) === on) return;
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/ui_settings') &&
      response.request().method() !== 'GET' &&
      (response.request().postData() ?? '').includes(`"utc_time":${on}`),
  );
  if (on) await toggle.check();
  else await toggle.uncheck();
  expect((await saved).ok()).toBe(true);
}

const { from, to, first } = period();
const listUrl = `/flights/tabs/all?carrier=KC&number=${NUMBER}&origin=SVO&date_from=${from}&date_to=${to}`;

test('an airline manager creates a regular flight on Monday, Wednesday and Friday over a month', async ({ page }) => {
  await signIn(page, USERS.xxManager);
  await setUtc(page, false);
  await page.goto('/flights/tabs');
  await expect(page).toHaveURL(/\/flights\/tabs\/current$/);
  await page.getByRole('link', { name: 'New flight' }).click();
  await expect(page).toHaveURL(/\/flights\/create$/);

  await page.getByText('Regular', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Carrier' })).toHaveValue('KC');
  await page.getByRole('textbox', { name: 'Flight number' }).fill(NUMBER);
  await page.getByText('Local time', { exact: true }).click();
  await page.getByLabel('Period from').fill(from);
  await page.getByLabel('Period to').fill(to);
  for (const day of ['Mon', 'Wed', 'Fri']) await page.getByText(day, { exact: true }).click();

  const leg = page.getByTestId('leg-1');
  await pickAirport(page, 'Origin', 'SVO');
  await pickAirport(page, 'Destination', 'ALA');
  // Moscow local 10:00 is 07:00 UTC all year (no daylight saving since 2014).
  await leg.getByLabel('STD').fill(`${first}T10:00`);
  await leg.getByLabel('STA').fill(`${first}T16:30`);
  await leg.getByRole('textbox', { name: 'Aircraft type' }).fill('77F');
  await page.getByRole('button', { name: 'Create' }).click();

  const result = page.getByTestId('create-result');
  await expect(result.getByText('Created: 12, skipped: 0')).toBeVisible();
  await expect(result.getByRole('link', { name: new RegExp(`^KC${NUMBER}/`) })).toHaveCount(12);
});

test('the segments show in the airport local time and in UTC by the header switch', async ({ page }) => {
  await signIn(page, USERS.xxManager);
  await page.goto(listUrl);
  const table = page.getByTestId('flights-table');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(12);
  const firstRow = rows.first();
  await expect(firstRow).toContainText(`KC${NUMBER}/`);
  await expect(firstRow).toContainText('SVO – ALA');
  await expect(firstRow).toContainText(`${shown(first)} 10:00 UTC+03:00`);

  await setUtc(page, true);
  await expect(firstRow).toContainText(`${shown(first)} 07:00 UTC`);
  await expect(firstRow).not.toContainText('10:00');
  await setUtc(page, false);
  await expect(firstRow).toContainText(`${shown(first)} 10:00 UTC+03:00`);
});

test('the manager closes sales on one segment and the change log shows who did it', async ({ page }) => {
  await signIn(page, USERS.xxManager);
  await page.goto(listUrl);
  const firstRow = page.getByTestId('flights-table').locator('tbody tr').first();
  await firstRow.getByRole('link', { name: new RegExp(`^KC${NUMBER}/`) }).click();
  await expect(page).toHaveURL(/\/flights\/\d+$/);

  await page.getByRole('button', { name: 'Close sales' }).click();
  await expect(page.getByText(/^Close sales on KC\d+\/\w+\?$/)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Open sales' })).toBeVisible();
  await expect(page.getByText('Sales closed', { exact: true }).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Change log' }).click();
  const entry = page
    .getByTestId('change-log')
    .getByRole('row', { name: /xx\.manager@demo\.aero/ })
    .first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Web');
  await expect(entry).toContainText('Sales closed');
  await expect(entry).toContainText('No → Yes');

  // The list shows the state too.
  await page.goto(`${listUrl}&state=sales_closed`);
  await expect(page.getByTestId('flights-table').locator('tbody tr')).toHaveCount(1);
});
