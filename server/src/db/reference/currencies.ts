import type { currencies } from '../schema';

export type CurrencyRow = typeof currencies.$inferInsert;

/** Seed 001 section 9: the currencies of agreements, tariffs and settlements, all kept with 2 decimals. */
export const CURRENCIES: readonly CurrencyRow[] = [
  { code: 'RUB', name: 'Russian Ruble', decimals: 2 },
  { code: 'USD', name: 'US Dollar', decimals: 2 },
  { code: 'EUR', name: 'Euro', decimals: 2 },
  { code: 'KZT', name: 'Kazakhstani Tenge', decimals: 2 },
  { code: 'KGS', name: 'Kyrgyzstani Som', decimals: 2 },
  { code: 'CNY', name: 'Chinese Yuan Renminbi', decimals: 2 },
  { code: 'BYN', name: 'Belarusian Ruble', decimals: 2 },
  { code: 'AMD', name: 'Armenian Dram', decimals: 2 },
  { code: 'INR', name: 'Indian Rupee', decimals: 2 },
  { code: 'UZS', name: 'Uzbekistani Som', decimals: 2 },
  { code: 'THB', name: 'Thai Baht', decimals: 2 },
];
