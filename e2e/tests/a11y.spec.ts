import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn, USERS } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the sign-in page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/signIn');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the main layout has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, USERS.suManager);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a data table screen has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, USERS.platform);
  await page.goto('/settings/companies');
  await expect(page.getByRole('cell', { name: 'FWDA' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
