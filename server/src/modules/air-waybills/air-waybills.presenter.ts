import type {
  AirWaybillRecord,
  AwbBooking,
  AwbLegRecord,
  ChargeableCalcRecord,
  PartyRecord,
  RateLine,
} from '@aircargo/contract/air-waybills';
import { canSendShipperLetter } from '@aircargo/contract/waybill-labels';
import type { AwbLeg, AwbParty } from '../../db/schema';
import { decimalText } from '../tariffs/tariffs.presenter';
import type { LegRow, RateLineRow, WaybillBundle } from './air-waybills.repository';

/** JSON of the air waybills (snake_case, seed 001 names): weights as numbers, money as decimal text. */

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

const EMPTY_PARTY: PartyRecord = {
  name: null,
  address: null,
  city: null,
  state: null,
  country_code: null,
  post_code: null,
  contacts: null,
  tax_id: null,
};

export function presentParty(p: Partial<AwbParty> | null | undefined): PartyRecord {
  return { ...EMPTY_PARTY, ...(p ?? {}) };
}

export function presentLeg(l: AwbLeg): AwbLegRecord {
  return {
    origin: l.origin,
    destination: l.destination,
    carrier: l.carrier,
    flight: l.flight ?? null,
    date: l.date ?? null,
    segment_id: l.segment_id ?? null,
  };
}

export function presentRateLine(r: RateLineRow): RateLine {
  return {
    id: r.id,
    code: r.code,
    rate_class_code: r.rate_class_code,
    description: r.description,
    rate: r.rate === null ? null : decimalText(r.rate),
    amount: decimalText(r.amount),
    currency: r.currency,
    base_value: r.base_value === null ? null : decimalText(r.base_value, 0),
    basis: r.basis,
    vat: r.vat === null ? null : decimalText(r.vat),
    vat_percent: r.vat_percent === null ? null : decimalText(r.vat_percent, 0),
    invoice_number: r.invoice_number,
    unit_code: r.unit_code,
    supplier_id: r.supplier_id,
    buyer_id: r.buyer_id,
    calculation_type: r.calculation_type as RateLine['calculation_type'],
    created_at: r.created_at.toISOString(),
  };
}

export function presentWaybill(b: WaybillBundle): AirWaybillRecord {
  const w = b.waybill;
  return {
    id: w.id,
    mawb: w.mawb,
    prefix: w.prefix,
    serial: String(w.serial).padStart(7, '0'),
    airline_prefix: w.prefix,
    airline: b.airline,
    forwarder: {
      id: b.forwarder.id,
      short_name: b.forwarder.short_name,
      name: b.forwarder.name,
      local_name: b.forwarder.local_name,
      address: b.forwarder.address,
      country: b.forwarder.country,
      city: b.forwarder.city,
      post_code: b.forwarder.post_code,
    },
    booking_id: w.booking_id,
    booking: b.booking,
    origin_iata: w.origin_iata,
    destination_iata: w.destination_iata,
    pieces: w.pieces,
    weight: Number(w.weight),
    volume: Number(w.volume),
    carrier: w.carrier,
    product_type: w.product_type,
    commodity: w.commodity,
    source: w.source,
    shcs: w.shcs,
    hs_codes: w.hs_codes,
    mrn: w.mrn,
    postal: w.postal,
    forwarder_account: w.forwarder_account,
    notify: w.notify ? presentParty(w.notify) : null,
    shipper: presentParty(w.shipper),
    consignee: presentParty(w.consignee),
    charge_weight: num(w.charge_weight),
    charge_weight_source: w.charge_weight_source,
    airline_defined_cw: num(w.airline_defined_cw),
    chargeable_calc: w.chargeable_calc as ChargeableCalcRecord | null,
    special_service_request: w.special_service_request,
    other_service_request: w.other_service_request,
    oci: w.oci.map((o) => ({
      country: o.country ?? null,
      info_id: o.info_id ?? null,
      customs_id: o.customs_id ?? null,
      info: o.info,
    })),
    acc: w.acc.map((a) => ({ id: a.id ?? null, info: a.info })),
    customs_info: w.customs_info ?? null,
    as_agreed_rates: w.as_agreed_rates,
    payment: w.payment,
    currency: w.currency,
    prepaid_total: w.prepaid_total === null ? null : decimalText(w.prepaid_total),
    collect_total: w.collect_total === null ? null : decimalText(w.collect_total),
    manual_route: w.manual_route,
    route_data: w.route_data.map(presentLeg),
    booked: w.booked,
    issued: w.issued,
    delivered: w.delivered,
    verified: w.verified,
    billed: w.billed,
    departed: w.departed,
    warning: w.warning,
    voided: w.voided,
    void_payment: w.void_payment,
    void_reason: w.void_reason,
    void_cancel_reason: w.void_cancel_reason,
    su_booking_status: w.su_booking_status,
    created_at: w.created_at.toISOString(),
    updated_at: w.updated_at.toISOString(),
    issued_at: iso(w.issued_at),
    verified_at: iso(w.verified_at),
    delivered_at: iso(w.delivered_at),
    voided_at: iso(w.voided_at),
    billing_date: w.billing_date,
    issue_date: w.issue_date,
    service_start_date: w.service_start_date,
    departed_at: iso(w.departed_at),
    flight_date: w.flight_date,
    row_version: w.row_version,
    sli_barcode: w.sli_barcode,
    sli_sent_at: iso(w.sli_sent_at),
    sli_accepted: w.sli_accepted,
    sli_answered_at: iso(w.sli_answered_at),
    can_send_sli: canSendShipperLetter(w),
    goods_items: b.goods.map((g) => ({
      id: g.id,
      description: g.description,
      hs_code: g.hs_code,
      marks: g.marks,
      packing: g.packing,
      pieces: g.pieces,
      weight: num(g.weight),
    })),
    dimensions: b.dimensions.map((d) => ({
      id: d.id,
      length: Number(d.length),
      width: Number(d.width),
      height: Number(d.height),
      pieces: d.pieces,
      weight: num(d.weight),
    })),
    notices: b.notices.map((n) => ({ id: n.id, kind: n.kind, text: n.text, created_at: n.created_at.toISOString() })),
    rate_lines: b.rates.map(presentRateLine),
  };
}

/** A booking carrying the waybill's number, with its segments; departed once its first segment's STD is past. */
export function presentAwbBooking(
  b: {
    id: number;
    mawb: string | null;
    carrier: string;
    origin: string;
    destination: string;
    pieces: number;
    weight: string;
    volume: string;
    request_status: string;
    response_status: string;
    effective: boolean;
    active: boolean;
    created_at: Date;
  },
  legs: readonly LegRow[],
  now: Date,
): AwbBooking {
  const first = legs[0];
  return {
    id: b.id,
    mawb: b.mawb,
    carrier: b.carrier,
    origin: b.origin,
    destination: b.destination,
    pieces: b.pieces,
    weight: Number(b.weight),
    volume: Number(b.volume),
    request_status: b.request_status,
    response_status: b.response_status,
    effective: b.effective,
    active: b.active,
    is_departed: first !== undefined && new Date(first.std).getTime() <= now.getTime(),
    segment_data: legs.map((l) => ({
      segment_id: l.segment_id,
      carrier: l.carrier,
      flight_number: `${l.carrier}${l.number}`,
      origin: l.origin,
      destination: l.destination,
      std: new Date(l.std).toISOString(),
      sta: new Date(l.sta).toISOString(),
    })),
    created_at: b.created_at.toISOString(),
  };
}
