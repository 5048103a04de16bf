import { expect, type Page, test } from '@playwright/test';
import { section, signIn, USERS } from './helpers';

// The settings screens against the real server. The tests build on each other, so they run in order.
test.describe.configure({ mode: 'serial' });

async function switchRole(page: Page, name: RegExp) {
  // A toast over the header stays while hovered: move away and let it go.
  await page.mouse.move(600, 700);
  await expect(page.locator('.mantine-Notifications-notification')).toHaveCount(0);
  await page.getByTestId('role-switcher').click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByText('Company and role switched')).toBeVisible();
}

test('the platform creates, edits and blocks a company', async ({ page }) => {
  await signIn(page, USERS.platform);
  await page.goto('/settings/companies/create');
  await page.getByRole('button', { name: 'Create' }).first().click();
  await expect(page.getByText('Required field').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Cargo Services');
  await page.getByRole('textbox', { name: 'Short name' }).fill('E2ECARGO');
  await page.getByRole('textbox', { name: 'City' }).fill('Kazan');
  await page.getByRole('button', { name: 'Create' }).first().click();
  await expect(page).toHaveURL(/\/settings\/companies\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: /E2ECARGO/ })).toBeVisible();

  await page.getByRole('textbox', { name: 'Post code' }).fill('420000');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('The company has been saved')).toBeVisible();

  await page.goto('/settings/companies?q=E2ECARGO');
  const row = page.getByRole('row', { name: /E2ECARGO/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('Are you sure?').or(page.getByText(/Block E2E Cargo Services\?/))).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(row.getByText('Blocked')).toBeVisible();
});

test('an airline manager creates and edits an agreement with a forwarder', async ({ page }) => {
  await signIn(page, USERS.xxManager);
  await page.goto('/settings/agreements');
  await page.getByRole('link', { name: 'New agreement' }).click();
  await expect(page).toHaveURL(/\/settings\/agreements\/create$/);
  await page.getByRole('combobox', { name: 'Client (IATA/CASS)' }).click();
  await page.getByRole('option', { name: /FWDB/ }).click();
  await page.getByRole('textbox', { name: 'Contract number' }).fill('E2E-001');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/settings\/agreements$/);
  const row = page.getByRole('row', { name: /E2E-001/ });
  await expect(row).toBeVisible();

  await row.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Beneficiary' }).fill('Demo Forwarder A LLC');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The agreement has been saved')).toBeVisible();
});

test('an overlapping agreement is refused with the reason on the field', async ({ page }) => {
  await signIn(page, USERS.xxManager);
  await page.goto('/settings/agreements/create');
  await page.getByRole('combobox', { name: 'Client (IATA/CASS)' }).click();
  await page.getByRole('option', { name: /FWDB/ }).click();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(/already exists for these dates/)).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/agreements\/create$/);
});

test('the forwarder sees the agreement among its own', async ({ page }) => {
  await signIn(page, USERS.forwarderB);
  await page.goto('/settings/agent/agreements');
  await expect(page.getByRole('row', { name: /E2E-001/ })).toBeVisible();
});

test('a forwarder admin adds a user and blocks them', async ({ page }) => {
  await signIn(page, USERS.forwarderA);
  await switchRole(page, /FWDA — Forwarder admin/);
  await expect(page).toHaveURL(/\/settings\/users$/);
  await expect(page.getByRole('row', { name: /fwd\.agent@demo\.aero/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('e2e.new@demo.aero');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Eve');
  await dialog.getByRole('textbox', { name: 'Initial password' }).fill('e2e-pass-2026');
  await dialog.getByRole('combobox', { name: 'Roles' }).click({ force: true });
  await page.getByRole('option', { name: 'Operator' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The user has been added')).toBeVisible();

  const row = page.getByRole('row', { name: /e2e\.new@demo\.aero/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(row.getByText('Blocked')).toBeVisible();

  await switchRole(page, /FWDA — Forwarder operator/);
  await expect(section(page, 'booking')).toBeVisible();
});
