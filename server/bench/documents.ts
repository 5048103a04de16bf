/**
 * npm run bench:documents — the printed air waybill (issue 13 item 1): a waybill with BENCH_RATE_LINES (default 10)
 * freight rate lines, other charges, Russian parties, goods items and dimensions is laid out (presenter) and rendered
 * to PDF (three originals on A4, then the same with the conditions page) BENCH_ROUNDS (default 200) times after 10
 * warm-up renders; prints the p50 and p95 render time in ms and the PDF size in KB. No database: it measures the
 * layout and PDF writing alone (the database read is the same as GET /air_waybills/:id). BENCH_OUT=/tmp/awb writes the
 * PDFs of the runs (/tmp/awb-1.pdf, ...) to look at.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { AirWaybillRecord, RateLine } from '@aircargo/contract/air-waybills';
import { renderEap } from '../src/modules/waybill-documents/waybill-documents.pdf';
import { presentEap } from '../src/modules/waybill-documents/waybill-documents.presenter';

const RATE_LINES = Number(process.env.BENCH_RATE_LINES ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
/** BENCH_OUT=/tmp/awb writes the last PDF of each run (/tmp/awb-1.pdf, ...) for a look. */
const OUT = process.env.BENCH_OUT;
let run = 0;

const party = (name: string, city: string) => ({
  name,
  address: 'ул. Тверская, д. 1, стр. 2, офис 305',
  city,
  state: null,
  country_code: 'RU',
  post_code: '125009',
  contacts: '+7 495 000 00 00',
  tax_id: '7701234567',
});

const rateLine = (i: number, code: string, cls: string | null, amount: string): RateLine => ({
  id: i,
  code,
  rate_class_code: cls,
  description: cls ? `CONSOLIDATION ITEM ${i}` : null,
  rate: cls ? '125.5000' : null,
  amount,
  currency: 'RUB',
  base_value: cls ? '100.000' : null,
  basis: null,
  vat: null,
  vat_percent: null,
  invoice_number: null,
  unit_code: null,
  supplier_id: null,
  buyer_id: null,
  calculation_type: 'auto',
  created_at: '2026-06-01T10:00:00.000Z',
});

const waybill: AirWaybillRecord = {
  id: 1,
  mawb: '555-12345675',
  prefix: '555',
  serial: '1234567',
  airline_prefix: '555',
  airline: { id: 1, short_name: 'SU', name: 'Aeroflot Russian Airlines' },
  forwarder: {
    id: 2,
    short_name: 'FWDA',
    name: 'ООО «Грузовой Экспресс»',
    local_name: null,
    address: 'Шереметьево-Карго',
    country: 'RU',
    city: 'Москва',
    post_code: '141400',
  },
  booking_id: null,
  booking: null,
  origin_iata: 'SVO',
  destination_iata: 'ALA',
  pieces: 120,
  weight: 1000,
  volume: 6.5,
  carrier: 'SU',
  product_type: null,
  commodity: 'CONSOLIDATION AS PER ATTACHED MANIFEST',
  source: 'web',
  shcs: ['ELI', 'COL'],
  hs_codes: ['851712', '847130'],
  mrn: null,
  postal: false,
  forwarder_account: '12345',
  notify: party('Notify Party LLP', 'Almaty'),
  shipper: party('ООО «Ромашка»', 'Москва'),
  consignee: party('Almaty Trading LLP', 'Almaty'),
  charge_weight: 1083.3,
  charge_weight_source: 'auto',
  airline_defined_cw: null,
  chargeable_calc: null,
  special_service_request: 'KEEP DRY. DO NOT STACK.',
  other_service_request: null,
  oci: [{ country: 'RU', info_id: 'SHP', customs_id: 'T', info: '7701234567' }],
  acc: [{ id: 'GEN', info: 'FREIGHT PREPAID' }],
  customs_info: null,
  as_agreed_rates: false,
  payment: 'prepaid',
  currency: 'RUB',
  prepaid_total: null,
  collect_total: null,
  manual_route: false,
  route_data: [
    { origin: 'SVO', destination: 'ALA', carrier: 'SU', flight: 'SU1940', date: '2026-06-15', segment_id: null },
  ],
  booked: true,
  issued: true,
  delivered: false,
  verified: false,
  billed: false,
  departed: false,
  warning: false,
  voided: false,
  void_payment: null,
  void_reason: null,
  void_cancel_reason: null,
  su_booking_status: null,
  created_at: '2026-06-01T10:00:00.000Z',
  updated_at: '2026-06-01T10:00:00.000Z',
  issued_at: null,
  verified_at: null,
  delivered_at: null,
  voided_at: null,
  billing_date: null,
  issue_date: '2026-06-01',
  service_start_date: null,
  departed_at: null,
  flight_date: '2026-06-15',
  row_version: 1,
  sli_barcode: null,
  sli_sent_at: null,
  sli_accepted: null,
  sli_answered_at: null,
  can_send_sli: true,
  goods_items: [
    { id: 1, description: 'MOBILE PHONES', hs_code: '851712', marks: null, packing: 'CTN', pieces: 120, weight: 1000 },
  ],
  dimensions: [{ id: 1, length: 120, width: 80, height: 100, pieces: 6, weight: null }],
  notices: [],
  rate_lines: [
    ...Array.from({ length: RATE_LINES }, (_, i) => rateLine(i + 1, 'FR', 'Q', '12550.00')),
    rateLine(RATE_LINES + 1, 'MY', null, '5000.00'),
    rateLine(RATE_LINES + 2, 'AW', null, '1500.00'),
    rateLine(RATE_LINES + 3, 'CH', null, '2500.00'),
  ],
};

const context = {
  airports: new Map([
    ['SVO', { iata: 'SVO', city: 'Moscow', cyrillicCity: 'Москва', cyrillicName: 'Шереметьево' }],
    ['ALA', { iata: 'ALA', city: 'Almaty', cyrillicCity: 'Алматы', cyrillicName: 'Алматы' }],
  ]),
  due: new Map<string, 'A' | 'C'>([
    ['MY', 'C'],
    ['AW', 'C'],
    ['CH', 'A'],
  ]),
  agentCode: '1234567',
  cyrillic: false,
};

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

async function measure(label: string, query: Parameters<typeof renderEap>[1]) {
  for (let i = 0; i < 10; i++) await renderEap(presentEap(waybill, context), query);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    const pdf = await renderEap(presentEap(waybill, context), query);
    times.push(performance.now() - t0);
    size = pdf.length;
  }
  times.sort((a, b) => a - b);
  run += 1;
  if (OUT) writeFileSync(`${OUT}-${run}.pdf`, await renderEap(presentEap(waybill, context), query));
  console.log(
    `${label}: ${ROUNDS} renders, ${RATE_LINES} rate lines: p50 ${p(times, 0.5).toFixed(1)} ms, p95 ${p(times, 0.95).toFixed(1)} ms, ${(size / 1024).toFixed(1)} KB`,
  );
}

await measure('eap.pdf A4, originals 1-3', {});
await measure('eap.pdf A4, originals 1-3 + conditions page', { reverse_side: true });
await measure('eap.pdf Letter, one copy, no layout', { copies: [1], paper: 'letter', no_layout: true });
