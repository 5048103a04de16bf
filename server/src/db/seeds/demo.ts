import { formatAwb } from '@aircargo/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { hashPassword } from '../../platform/passwords';
import { agreements, airlineSettings, awbPrefixes, awbStockRanges, companies, memberships, users } from '../schema';
import { seedDemoTariffs } from './demo-tariffs';

export const DEMO_PASSWORD = 'demo-pass-2026';

type CompanyInsert = typeof companies.$inferInsert;
type RoleName = NonNullable<(typeof memberships.$inferInsert)['role']>;

const COMPANIES = {
  platform: {
    company_type: 'platform',
    name: 'Air Cargo Platform',
    short_name: 'PLATFORM',
    city: 'Moscow',
    country: 'RU',
  },
  su: {
    company_type: 'airline',
    name: 'Aeroflot - Russian Airlines',
    short_name: 'SU',
    local_name: 'Аэрофлот',
    airline_code: 'SU',
    city: 'Moscow',
    country: 'RU',
    default_airport: 'SVO',
    cimp_sita: 'MOWFMSU',
    ui_settings: { show_settings: true, has_access_to_new_air_waybills_page: true },
  },
  xx: {
    company_type: 'airline',
    name: 'Air Astana',
    short_name: 'KC',
    local_name: 'Эйр Астана',
    airline_code: 'KC',
    city: 'Almaty',
    country: 'KZ',
    default_airport: 'ALA',
    cimp_sita: 'ALAFMKC',
    ui_settings: { show_settings: true },
  },
  fwdA: {
    company_type: 'forwarder',
    name: 'Demo Forwarder A',
    short_name: 'FWDA',
    local_name: 'Демо Экспедитор А',
    city: 'Moscow',
    country: 'RU',
    address: 'Sheremetyevo Cargo Terminal, 1',
    post_code: '141400',
    tax_number: '7701234567',
    forwarder_iata_code: '1234567',
    cass_codes: ['0001'],
    default_airport: 'SVO',
  },
  fwdB: {
    company_type: 'forwarder',
    name: 'Demo Forwarder B',
    short_name: 'FWDB',
    city: 'Saint Petersburg',
    country: 'RU',
    address: 'Pulkovo Cargo, 3',
    post_code: '196210',
    tax_number: '7807654321',
    forwarder_iata_code: '7654321',
    default_airport: 'LED',
  },
} satisfies Record<string, CompanyInsert>;

interface DemoUser {
  email: string;
  company: keyof typeof COMPANIES;
  roles: (RoleName | null)[];
  firstname: string;
  /** Roles in a second company (the first role of `company` is the current one). */
  also?: { company: keyof typeof COMPANIES; roles: RoleName[] };
}

const USERS: DemoUser[] = [
  { email: 'platform@demo.aero', company: 'platform', roles: [null], firstname: 'Platform' },
  {
    email: 'su.manager@demo.aero',
    company: 'su',
    roles: ['manager', 'operator', 'billing', 'admin'],
    firstname: 'Sergey',
  },
  { email: 'xx.manager@demo.aero', company: 'xx', roles: ['manager'], firstname: 'Aida' },
  { email: 'fwd.agent@demo.aero', company: 'fwdA', roles: ['operator', 'admin'], firstname: 'Anna' },
  { email: 'fwd2.agent@demo.aero', company: 'fwdB', roles: ['operator'], firstname: 'Boris' },
  // Works for two companies: forwarder B and, as a manager, the second airline (the access-denied flow shows it).
  {
    email: 'two.companies@demo.aero',
    company: 'fwdB',
    roles: ['operator'],
    firstname: 'Tamara',
    also: { company: 'xx', roles: ['manager'] },
  },
];

/** Fills an empty database with the demo companies, users, agreements, airline settings and AWB stock. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const ids = {} as Record<keyof typeof COMPANIES, number>;
    for (const [key, values] of Object.entries(COMPANIES) as [keyof typeof COMPANIES, CompanyInsert][]) {
      const [row] = await tx.insert(companies).values(values).returning({ id: companies.id });
      ids[key] = row!.id;
    }
    for (const u of USERS) {
      const [user] = await tx
        .insert(users)
        .values({ email: u.email, password_hash: passwordHash, firstname: u.firstname, lastname: 'Demo' })
        .returning({ id: users.id });
      let first: number | null = null;
      const held = [
        ...u.roles.map((role) => ({ company: u.company, role })),
        ...(u.also?.roles ?? []).map((role) => ({ company: u.also!.company, role })),
      ];
      for (const { company, role } of held) {
        const [m] = await tx
          .insert(memberships)
          .values({ user_id: user!.id, company_id: ids[company], role })
          .returning({ id: memberships.id });
        first ??= m!.id;
      }
      await tx.update(users).set({ current_membership_id: first }).where(eq(users.id, user!.id));
    }
    await tx.insert(airlineSettings).values([
      { company_id: ids.su, awb_prefix: '555', interline_accepted_prefixes: ['465'], minimum_charge_weight: '5' },
      { company_id: ids.xx, awb_prefix: '465', interline_accepted_prefixes: ['555'], rounding_rule: 'up_1' },
    ]);
    const agreement = (supplier: number, client: number, currency: string, contract: string) => ({
      supplier_id: supplier,
      client_id: client,
      currency,
      contract_number: contract,
      effective_from: '2026-01-01',
      effective_to: '2027-12-31',
      sales_origins: supplier === ids.su ? ['SVO', 'LED'] : ['ALA', 'NQZ'],
    });
    await tx
      .insert(agreements)
      .values([
        agreement(ids.su, ids.fwdA, 'RUB', 'SU-2026-001'),
        agreement(ids.xx, ids.fwdA, 'USD', 'KC-2026-014'),
        agreement(ids.su, ids.fwdB, 'RUB', 'SU-2026-002'),
      ]);
    await tx.insert(awbPrefixes).values([
      { airline_id: ids.su, prefix: '555' },
      { airline_id: ids.xx, prefix: '465' },
    ]);
    const range = (r: Omit<typeof awbStockRanges.$inferInsert, 'next_serial'>) => ({
      ...r,
      next_serial: r.first_serial,
    });
    await tx.insert(awbStockRanges).values([
      range({
        airline_id: ids.su,
        prefix: '555',
        first_serial: 1_000_000,
        last_serial: 1_000_999,
        holder_company_id: ids.fwdA,
      }),
      range({
        airline_id: ids.su,
        prefix: '555',
        first_serial: 1_001_000,
        last_serial: 1_001_499,
        holder_company_id: ids.fwdB,
      }),
      range({ airline_id: ids.su, prefix: '555', first_serial: 2_000_000, last_serial: 2_009_999, location: 'SVO' }),
      range({
        airline_id: ids.xx,
        prefix: '465',
        first_serial: 3_000_000,
        last_serial: 3_000_499,
        holder_company_id: ids.fwdA,
      }),
    ]);
    await seedDemoTariffs(tx as unknown as Db, { su: ids.su, xx: ids.xx, fwdA: ids.fwdA });
  });
}

/** The first blank of the demo SU stock, for tests and docs. */
export const DEMO_FIRST_SU_AWB = formatAwb('555', 1_000_000);
