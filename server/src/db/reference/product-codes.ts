import type { productCodes } from '../schema';

export type ProductCodeRow = typeof productCodes.$inferInsert;

/**
 * Cargo products a tariff, surcharge or booking can name (seed 001 "product_type", "productCode"). The codes follow the
 * special handling code of the traffic they carry where there is one, so an operator reads them at a glance.
 */
export const PRODUCT_CODES: readonly ProductCodeRow[] = [
  { code: 'GCR', description: 'General cargo' },
  { code: 'XPS', description: 'Express' },
  { code: 'PRI', description: 'Priority general cargo' },
  { code: 'ECO', description: 'Economy (deferred) cargo' },
  { code: 'ECM', description: 'E-commerce' },
  { code: 'PIL', description: 'Pharma (temperature controlled)' },
  { code: 'TMP', description: 'Temperature controlled, non-pharma' },
  { code: 'PER', description: 'Perishables' },
  { code: 'DGR', description: 'Dangerous goods' },
  { code: 'AVI', description: 'Live animals' },
  { code: 'VAL', description: 'Valuables' },
  { code: 'VUN', description: 'Vulnerable high-value goods' },
  { code: 'HUM', description: 'Human remains' },
  { code: 'BIG', description: 'Heavy and outsized cargo' },
  { code: 'AOG', description: 'Aircraft spare parts (AOG)' },
  { code: 'MAL', description: 'Mail' },
  { code: 'COU', description: 'Courier' },
];
