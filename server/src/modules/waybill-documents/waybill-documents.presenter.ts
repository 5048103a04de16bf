import type { AirWaybillRecord, PartyRecord } from '@aircargo/contract/air-waybills';
import type { EapBox, EapChargeSummary, EapDocument, EapRateRow } from '@aircargo/contract/waybill-documents';
import type { AirportNames } from './waybill-documents.repository';

/**
 * The waybill as the IATA form (Res. 600a) prints it: the boxes by number and name, the rate description lines (one per
 * freight rate line: a rate line with a one-letter rate class), the other charges (two-letter codes, due agent or
 * carrier by the charge code table; GT is the tax box) and the prepaid or collect charge summary.
 */

export interface EapContext {
  airports: Map<string, AirportNames>;
  due: Map<string, 'A' | 'C'>;
  agentCode: string | null;
  /** Russian city names where the reference data has them. */
  cyrillic: boolean;
}

const TAX_CODES = new Set(['GT']);
const VALUATION_CODES = new Set(['VC']);

const money = (n: number): string => n.toFixed(2);
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** "2026-06-15" as the form writes a flight date: "15JUN". */
const dayMonth = (date: string): string => `${date.slice(8, 10)}${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''}`;
const sum = (values: readonly string[]): number => values.reduce((a, v) => a + Number(v), 0);
const join = (parts: readonly (string | null | undefined)[], sep = ', '): string =>
  parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(sep);

export function partyText(p: PartyRecord | null): string {
  if (!p) return '';
  return join(
    [
      p.name,
      p.address,
      join([p.post_code, p.city, p.state, p.country_code], ' '),
      p.contacts ? `Tel: ${p.contacts}` : null,
      p.tax_id ? `Tax ID: ${p.tax_id}` : null,
    ],
    '\n',
  );
}

/** The city of an airport as printed: the Russian name when asked and known, else the Latin one, with the code. */
export function cityOf(code: string, ctx: EapContext): string {
  const a = ctx.airports.get(code);
  if (!a) return code;
  const city = ctx.cyrillic ? (a.cyrillicCity ?? a.city) : a.city;
  return `${city} (${code})`;
}

/** An airport code as the routing boxes print it: the Russian airport name instead when asked and known. */
function codeOf(code: string, ctx: EapContext): string {
  if (!ctx.cyrillic) return code;
  const a = ctx.airports.get(code);
  return a?.cyrillicCity ?? a?.cyrillicName ?? code;
}

function chargeableWeight(w: AirWaybillRecord): number {
  return w.airline_defined_cw ?? w.charge_weight ?? w.chargeable_calc?.chargeable_weight ?? w.weight;
}

function natureOfGoods(w: AirWaybillRecord): string {
  const lines: string[] = [];
  if (w.commodity) lines.push(w.commodity);
  for (const g of w.goods_items) {
    const t = join([g.description, g.marks, g.packing, g.pieces !== null ? `${g.pieces} PCS` : null], ' ');
    if (t) lines.push(t);
  }
  for (const d of w.dimensions) lines.push(`DIMS ${d.length}x${d.width}x${d.height} CM x ${d.pieces}`);
  if (w.volume > 0) lines.push(`VOL ${w.volume.toFixed(3)} M3`);
  if (w.hs_codes.length > 0) lines.push(`HS ${w.hs_codes.join(' ')}`);
  if (w.shcs.length > 0) lines.push(`SHC ${w.shcs.join(' ')}`);
  return lines.join('\n');
}

function handlingInformation(w: AirWaybillRecord): string {
  const lines: string[] = [];
  if (w.special_service_request) lines.push(w.special_service_request);
  if (w.other_service_request) lines.push(w.other_service_request);
  if (w.notify?.name) lines.push(`NOTIFY: ${partyText(w.notify).replaceAll('\n', ', ')}`);
  for (const o of w.oci) lines.push(join(['OCI', o.country, o.info_id, o.customs_id, o.info], '/'));
  if (w.mrn) lines.push(`MRN ${w.mrn}`);
  return lines.join('\n');
}

const emptySummary = (): EapChargeSummary => ({
  weight_charge: null,
  valuation_charge: null,
  tax: null,
  other_charges_due_agent: null,
  other_charges_due_carrier: null,
  total: null,
});

export function presentEap(w: AirWaybillRecord, ctx: EapContext): EapDocument {
  const asAgreed = w.as_agreed_rates;
  const freight = w.rate_lines.filter((l) => l.rate_class_code !== null && /^[A-Z]$/.test(l.rate_class_code));
  const nonFreight = w.rate_lines.filter((l) => !freight.includes(l));
  const others = nonFreight.filter((l) => !TAX_CODES.has(l.code) && !VALUATION_CODES.has(l.code));
  const cw = chargeableWeight(w);

  const rate_rows: EapRateRow[] = (freight.length > 0 ? freight : [null]).map((l, i) => ({
    pieces: i === 0 ? w.pieces : null,
    gross_weight: i === 0 ? w.weight : null,
    weight_unit: 'K',
    rate_class: l?.rate_class_code ?? null,
    commodity_item: l?.unit_code ?? null,
    chargeable_weight:
      l?.base_value !== null && l?.base_value !== undefined ? Number(l.base_value) : i === 0 ? cw : null,
    rate: asAgreed ? 'AS AGREED' : (l?.rate ?? null),
    total: asAgreed ? 'AS AGREED' : (l?.amount ?? null),
    nature_and_quantity: l?.description ?? (i === 0 ? (w.commodity ?? '') : ''),
  }));

  const otherCharges = others.map((l) => ({
    code: l.code,
    due: ctx.due.get(l.code) ?? ('C' as const),
    amount: l.amount,
  }));
  const weightCharge = sum(freight.map((l) => l.amount));
  const valuation = sum(nonFreight.filter((l) => VALUATION_CODES.has(l.code)).map((l) => l.amount));
  const tax =
    sum(nonFreight.filter((l) => TAX_CODES.has(l.code)).map((l) => l.amount)) +
    sum(w.rate_lines.map((l) => l.vat ?? '0'));
  const dueAgent = sum(otherCharges.filter((c) => c.due === 'A').map((c) => c.amount));
  const dueCarrier = sum(otherCharges.filter((c) => c.due === 'C').map((c) => c.amount));
  const summary: EapChargeSummary = asAgreed
    ? { ...emptySummary(), weight_charge: 'AS AGREED', total: 'AS AGREED' }
    : {
        weight_charge: money(weightCharge),
        valuation_charge: valuation ? money(valuation) : null,
        tax: tax ? money(tax) : null,
        other_charges_due_agent: dueAgent ? money(dueAgent) : null,
        other_charges_due_carrier: dueCarrier ? money(dueCarrier) : null,
        total: money(weightCharge + valuation + tax + dueAgent + dueCarrier),
      };
  const prepaid = w.payment === 'prepaid' ? summary : emptySummary();
  const collect = w.payment === 'collect' ? summary : emptySummary();
  const pc = (side: 'prepaid' | 'collect') => (w.payment === side ? 'X' : '');

  const legs = w.route_data.length > 0 ? w.route_data : [];
  const leg = (i: number) => legs[i];
  const flight = (i: number) => {
    const l = leg(i);
    return l?.flight ? join([l.flight, l.date ? dayMonth(l.date) : null], '/') : '';
  };
  // Box 1B is the serial with its check digit, as the number is written (PPP-SSSSSSSC).
  const serialNumber = w.mawb.slice(4);
  const issueDate = w.issue_date ?? w.created_at.slice(0, 10);
  const box = (b: string, name: string, text: string | null | undefined): EapBox => ({
    box: b,
    name,
    text: text ?? '',
  });

  const boxes: EapBox[] = [
    box('1A', 'Airline Code Number', w.prefix),
    box('1', 'Airport of Departure', codeOf(w.origin_iata, ctx)),
    box('1B', 'Serial Number', serialNumber),
    box('1C', "Issuing Carrier's Name and Address", w.airline.name),
    box('2', "Shipper's Name and Address", partyText(w.shipper)),
    box('3', "Shipper's Account Number", w.shipper.tax_id),
    box('4', "Consignee's Name and Address", partyText(w.consignee)),
    box('5', "Consignee's Account Number", w.consignee.tax_id),
    box('6', "Issuing Carrier's Agent Name and City", join([w.forwarder.name, w.forwarder.city])),
    box('7', "Agent's IATA Code", ctx.agentCode),
    box('8', 'Account No.', w.forwarder_account),
    box(
      '9',
      'Airport of Departure (Addr. of First Carrier) and Requested Routing',
      join(
        [cityOf(w.origin_iata, ctx), legs.length > 0 ? legs.map((l) => codeOf(l.destination, ctx)).join('-') : null],
        ' / ',
      ),
    ),
    box('10', 'Accounting Information', w.acc.map((a) => join([a.id, a.info], ' ')).join('\n')),
    box('11A', 'To', codeOf(leg(0)?.destination ?? w.destination_iata, ctx)),
    box('11B', 'By First Carrier', leg(0)?.carrier ?? w.carrier),
    box('11C', 'To', leg(1) ? codeOf(leg(1)?.destination ?? '', ctx) : ''),
    box('11D', 'By', leg(1)?.carrier),
    box('11E', 'To', leg(2) ? codeOf(leg(2)?.destination ?? '', ctx) : ''),
    box('11F', 'By', leg(2)?.carrier),
    box('12', 'Currency', w.currency),
    box('13', 'CHGS Code', w.payment === 'prepaid' ? 'PP' : 'CC'),
    box('14A', 'WT/VAL PPD', pc('prepaid')),
    box('14B', 'WT/VAL COLL', pc('collect')),
    box('15A', 'Other PPD', pc('prepaid')),
    box('15B', 'Other COLL', pc('collect')),
    box('16', 'Declared Value for Carriage', 'NVD'),
    box('17', 'Declared Value for Customs', 'NCV'),
    box('18', 'Airport of Destination', cityOf(w.destination_iata, ctx)),
    box('19A', 'Requested Flight/Date', flight(0)),
    box('19B', 'Requested Flight/Date', flight(1)),
    box('20', 'Amount of Insurance', 'XXX'),
    box('21', 'Handling Information', handlingInformation(w)),
    box('22I', 'Nature and Quantity of Goods (incl. Dimensions or Volume)', natureOfGoods(w)),
    box('23', 'Other Charges', otherCharges.map((c) => `${c.code}${c.due}: ${c.amount}`).join('  ')),
    box('31', 'Signature of Shipper or his Agent', w.shipper.name),
    box('32A', 'Executed on (date)', issueDate),
    box('32B', 'at (place)', cityOf(w.origin_iata, ctx)),
    box('32C', 'Signature of Issuing Carrier or its Agent', w.forwarder.name),
  ];

  return {
    mawb: w.mawb,
    prefix: w.prefix,
    serial: serialNumber,
    currency: w.currency,
    payment: w.payment,
    boxes,
    rate_rows,
    totals: {
      pieces: w.pieces,
      gross_weight: w.weight,
      total: asAgreed ? 'AS AGREED' : money(weightCharge),
    },
    other_charges: otherCharges,
    prepaid,
    collect,
  };
}
