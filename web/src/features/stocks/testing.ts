import type { Profile } from '@aircargo/contract/profile';
import type { AwbPrefixRecord, StockRange } from '@aircargo/contract/stocks';

// Fetch mocks and records for the AWB stock screens' tests, shaped as the contract answers.

export { type Answer, type Call, mockApi } from '@/testing/mock-api';

export const META = { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1, per_page: 25 };

export const SU_MANAGER: Partial<Profile> = {
  company_id: 2,
  role: 'airline_manager',
  company_business_type: 'airline',
  airline_code: 'SU',
};
export const SU_BILLING: Partial<Profile> = { ...SU_MANAGER, role: 'airline_billing' };
export const FORWARDER_ADMIN: Partial<Profile> = {
  company_id: 4,
  role: 'forwarder_admin',
  company_business_type: 'forwarder',
  airline_code: null,
};

export function makePrefix(overrides: Partial<AwbPrefixRecord> = {}): AwbPrefixRecord {
  return {
    id: 3,
    airline_id: 2,
    airline_short_name: 'SU',
    prefix: '555',
    description: 'Main stock',
    active: true,
    ranges_count: 2,
    free_count: 1040,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export function makeRange(overrides: Partial<StockRange> = {}): StockRange {
  return {
    id: 7,
    airline_id: 2,
    airline_short_name: 'SU',
    prefix: '555',
    first_blank: '1000000',
    last_blank: '1000999',
    first_number: '555-10000001',
    last_number: '555-10009996',
    quantity: 1000,
    free_count: 990,
    allocated_count: 4,
    used_count: 5,
    voided_count: 1,
    free: true,
    bso: false,
    low_stock: false,
    forwarder_id: 4,
    forwarder_short_name: 'FWDA',
    location: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export const page = <T>(...rows: T[]) => Response.json({ data: rows, meta: { ...META, total_count: rows.length } });
