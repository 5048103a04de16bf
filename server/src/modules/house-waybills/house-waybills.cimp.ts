import {
  clean,
  type Fhl,
  type Fwb,
  type House,
  type OtherCharge,
  type Party,
  type RateLine,
} from '@aircargo/cargo-messages';
import { FREE_TEXT_LINE_LENGTH } from '@aircargo/contract/house-waybills';
import type { AwbParty } from '../../db/schema';

/**
 * The Cargo-IMP models (packages/cargo-messages) of a master and its houses: FHL (MBI, HBS per house, and SHP/CNE when
 * it carries one house's details) and FWB. Texts are brought into the Cargo-IMP character set (upper case, no `/`,
 * accents dropped) and cut to the lengths of the message (a name of more than two 35-character lines keeps its first
 * 70 characters), so the model passes the package's schema and the generated text parses back to it.
 */

export const FHL_VERSION = 5;
export const FWB_VERSION = 17;

/** Cargo-IMP text of at most `max` characters (empty when nothing printable is left). */
export function cimpText(value: string | null | undefined, max: number): string {
  return clean(value ?? '')
    .replace(/\s+/g, ' ')
    .slice(0, max)
    .trim();
}

/** Free text (may hold `/`) as lines of at most `width`, at most `lines` of them. */
export function cimpLines(value: string | null | undefined, width: number, lines: number): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split('\n')) {
    let rest = clean(raw, true).replace(/\s+/g, ' ').replace(/^\/+/, '').trim();
    while (rest.length > 0) {
      let cut = rest.length <= width ? rest.length : rest.lastIndexOf(' ', width);
      if (cut <= 0) cut = width;
      const line = rest.slice(0, cut).trim();
      if (line) out.push(line);
      rest = rest.slice(cut).replace(/^[\s/]+/, '');
    }
  }
  return out.slice(0, lines);
}

/** A text as up to `lines` chunks of `width`, cut at blanks where possible. */
function chunks(value: string | null | undefined, width: number, lines: number): string[] {
  const out: string[] = [];
  let rest = cimpText(value, width * lines);
  while (rest.length > 0 && out.length < lines) {
    let cut = rest.length <= width ? rest.length : rest.lastIndexOf(' ', width);
    if (cut <= 0) cut = width;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  return out.filter((l) => l.length > 0);
}

/**
 * A stored party as SHP/CNE: name on up to two lines, street on up to two, place (the city, else `fallbackPlace`),
 * state, country, post code and the phone as a TE contact. Null when it has no name.
 */
export function partyToCimp(party: AwbParty | null | undefined, fallbackPlace: string): Party | null {
  if (!party) return null;
  const name = chunks(party.name, 35, 2);
  if (name.length === 0) return null;
  const place = cimpText(party.city, 17) || cimpText(fallbackPlace, 17);
  const out: Party = { name, address: chunks(party.address, 35, 2), place };
  const state = cimpText(party.state, 9);
  if (state) out.state = state;
  if (party.country_code && /^[A-Z]{2}$/.test(party.country_code)) out.country = party.country_code;
  const postcode = cimpText(party.post_code, 9);
  if (postcode) out.postcode = postcode;
  const phone = cimpText(party.contacts, 25);
  if (phone) out.contacts = [{ id: 'TE', number: phone }];
  return out;
}

export interface MasterFigures {
  mawb: string;
  origin: string;
  destination: string;
  pieces: number;
  /** kg. */
  weight: number;
}

export interface HouseFigures {
  serial_number: string;
  origin: string;
  destination: string;
  pieces: number;
  weight_code: 'K' | 'L';
  weight: number;
  manifest_description_of_goods: string | null;
  shcs: string[];
  free_text: string | null;
  hs_codes: string[];
  shipper: AwbParty | null;
  consignee: AwbParty | null;
}

export function houseToCimp(h: HouseFigures): House {
  const house: House = {
    hawb: h.serial_number,
    origin: h.origin,
    destination: h.destination,
    pieces: h.pieces,
    weight: { unit: h.weight_code, value: h.weight },
  };
  const description = cimpText(h.manifest_description_of_goods, 15);
  if (description) house.description = description;
  const shc = h.shcs.filter((c) => /^[A-Z]{3}$/.test(c)).slice(0, 9);
  if (shc.length > 0) house.shc = shc;
  const freeText = cimpLines(h.free_text, FREE_TEXT_LINE_LENGTH, 9);
  if (freeText.length > 0) house.freeText = freeText;
  const hs = h.hs_codes.filter((c) => /^[A-Z0-9]{6,18}$/.test(c)).slice(0, 9);
  if (hs.length > 0) house.hsCodes = hs;
  return house;
}

/**
 * FHL of a master: the MBI line and one HBS block per house. With exactly one house and `withParties`, the house's
 * shipper and consignee (SHP, CNE) follow, as FHL carries them only for a single house's details.
 */
export function fhlOf(master: MasterFigures, houses: readonly HouseFigures[], withParties: boolean): Fhl {
  const fhl: Fhl = {
    type: 'FHL',
    version: FHL_VERSION,
    master: {
      awb: master.mawb,
      origin: master.origin,
      destination: master.destination,
      pieces: master.pieces,
      weight: { unit: 'K', value: master.weight },
    },
    houses: houses.map(houseToCimp),
  };
  const only = houses.length === 1 ? houses[0] : undefined;
  if (withParties && only) {
    const shipper = partyToCimp(only.shipper, only.origin);
    const consignee = partyToCimp(only.consignee, only.destination);
    if (shipper) fhl.shipper = shipper;
    if (consignee) fhl.consignee = consignee;
  }
  return fhl;
}

export interface RateLineFigures {
  code: string;
  rate_class_code: string | null;
  rate: string | null;
  amount: string;
  currency: string;
}

export interface WaybillFigures extends MasterFigures {
  /** m3. */
  volume: number;
  carrier: string;
  commodity: string | null;
  shcs: string[];
  hs_codes: string[];
  shipper: AwbParty;
  consignee: AwbParty;
  notify: AwbParty | null;
  special_service_request: string | null;
  other_service_request: string | null;
  oci: { country: string | null; info_id: string | null; customs_id: string | null; info: string }[];
  acc: { id: string | null; info: string }[];
  payment: 'prepaid' | 'collect';
  currency: string;
  as_agreed_rates: boolean;
  /** The chargeable weight (kg): the airline's, the stored one or the calculation's, else the gross weight. */
  chargeable_weight: number;
  route: { destination: string; carrier: string; flight: string | null; date: string | null }[];
  /** Date of issue, YYYY-MM-DD. */
  issue_date: string;
  /** Place of issue (the origin's city). */
  issue_place: string;
  origin_city: string;
  destination_city: string;
  agent: { name: string; city: string | null; iata_code: string | null; account: string | null };
  rate_lines: RateLineFigures[];
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `2026-06-15` as `15JUN26`. */
export function cimpDateYear(isoDate: string): string {
  const [year = '', month = '1', day = ''] = isoDate.split('-');
  return `${day}${MONTHS[Number(month) - 1] ?? 'JAN'}${year.slice(2)}`;
}

const amount = (value: number): string => value.toFixed(2);

/**
 * FWB of a master: consignment, flights, routing, parties, agent, SSR/OSI, charge declaration (currency, prepaid or
 * collect), one rate description line (pieces, gross and chargeable weight, the freight line's class, rate and total,
 * nature of goods, volume and HS codes), the other charges (due carrier), the totals and the carrier's execution.
 */
export function fwbOf(w: WaybillFigures, shipper: Party, consignee: Party): Fwb {
  const pc = w.payment === 'collect' ? 'C' : 'P';
  const freight = w.rate_lines.find((l) => l.rate_class_code !== null && /^[A-Z]$/.test(l.rate_class_code));
  const others = w.rate_lines.filter((l) => l !== freight && /^[A-Z0-9]{2}$/.test(l.code));
  const goods: NonNullable<RateLine['goods']> = [];
  const nature = cimpText(w.commodity, 20);
  if (nature) goods.push({ kind: 'NG', text: nature });
  if (w.volume > 0) goods.push({ kind: 'NV', volume: { unit: 'MC', value: w.volume } });
  for (const hs of w.hs_codes.filter((c) => /^[A-Z0-9]{6,18}$/.test(c))) goods.push({ kind: 'NH', hsCode: hs });
  const rate: RateLine = {
    lineNo: 1,
    pieces: w.pieces,
    weight: { unit: 'K', value: w.weight },
    chargeableWeight: w.chargeable_weight,
  };
  if (freight && !w.as_agreed_rates) {
    if (freight.rate_class_code) rate.rateClass = freight.rate_class_code;
    if (freight.rate !== null) rate.rate = Number(freight.rate).toFixed(2);
    rate.total = Number(freight.amount).toFixed(2);
  }
  if (goods.length > 0) rate.goods = goods;
  const otherCharges: OtherCharge[] = w.as_agreed_rates
    ? []
    : others.map((l) => ({ pc, code: l.code, entitlement: 'C', amount: Number(l.amount).toFixed(2) }));
  const legs =
    w.route.length > 0 ? w.route : [{ destination: w.destination, carrier: w.carrier, flight: null, date: null }];
  const flights = legs.flatMap((l) => {
    const m = l.flight ? /^([A-Z0-9]{2})(\d{1,4}[A-Z]?)$/.exec(l.flight) : null;
    if (!m || !l.date) return [];
    return [{ carrier: m[1] ?? l.carrier, number: m[2] ?? '', day: l.date.slice(8, 10) }];
  });
  const fwb: Fwb = {
    type: 'FWB',
    version: FWB_VERSION,
    awb: w.mawb,
    origin: w.origin,
    destination: w.destination,
    pieces: w.pieces,
    weight: { unit: 'K', value: w.weight },
    routing: legs.map((l) => ({ airport: l.destination, carrier: l.carrier })),
    shipper,
    consignee,
    charges: { currency: w.currency, weightValuation: pc, other: pc },
    rates: [rate],
    issue: { date: cimpDateYear(w.issue_date), place: cimpText(w.issue_place, 17) },
  };
  if (w.volume > 0) fwb.volume = { unit: 'MC', value: w.volume };
  if (flights.length > 0) fwb.flights = flights;
  const agentName = cimpText(w.agent.name, 35);
  if (agentName) {
    fwb.agent = { name: agentName };
    const place = cimpText(w.agent.city, 17);
    if (place) fwb.agent.place = place;
    if (w.agent.iata_code && /^\d{7}$/.test(w.agent.iata_code)) fwb.agent.iataCode = w.agent.iata_code;
    const account = cimpText(w.agent.account, 14);
    if (account) fwb.agent.account = account;
  }
  const notify = partyToCimp(w.notify, w.destination_city);
  if (notify) fwb.notify = notify;
  const ssr = cimpLines(w.special_service_request, 65, 3);
  if (ssr.length > 0) fwb.ssr = ssr;
  const osi = cimpLines(w.other_service_request, 65, 3);
  if (osi.length > 0) fwb.osi = osi;
  const accounting = w.acc.flatMap((a) => {
    const text = cimpText(a.info, 34);
    return a.id && /^[A-Z]{3}$/.test(a.id) && text ? [{ identifier: a.id, text }] : [];
  });
  if (accounting.length > 0) fwb.accounting = accounting;
  if (otherCharges.length > 0) fwb.otherCharges = otherCharges;
  if (freight && !w.as_agreed_rates) {
    const weightCharge = Number(freight.amount);
    const dueCarrier = others.reduce((sum, l) => sum + Number(l.amount), 0);
    const summary = {
      weight: amount(weightCharge),
      ...(dueCarrier > 0 ? { dueCarrier: amount(dueCarrier) } : {}),
      total: amount(weightCharge + dueCarrier),
    };
    if (pc === 'C') fwb.collect = summary;
    else fwb.prepaid = summary;
  }
  const shc = w.shcs.filter((c) => /^[A-Z]{3}$/.test(c)).slice(0, 9);
  if (shc.length > 0) fwb.shc = shc;
  const oci = w.oci.flatMap((o) => {
    const line: NonNullable<Fwb['oci']>[number] = {};
    if (o.country && /^[A-Z]{2}$/.test(o.country)) line.country = o.country;
    if (o.info_id && /^[A-Z0-9]{1,3}$/.test(o.info_id)) line.infoId = o.info_id;
    if (o.customs_id && /^[A-Z0-9]{1,2}$/.test(o.customs_id)) line.controlId = o.customs_id;
    const text = cimpText(o.info, 35);
    if (text) line.text = text;
    return line.country || line.infoId || line.controlId ? [line] : [];
  });
  if (oci.length > 0) fwb.oci = oci;
  return fwb;
}
