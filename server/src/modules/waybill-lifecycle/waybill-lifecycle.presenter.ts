import type { MessageKey } from '@aircargo/contract/messages';
import type { AwbAlert, AwbAlertCode, VoidRequest, WaybillLifecycleState } from '@aircargo/contract/waybill-lifecycle';
import type { AlertRow, VoidRequestRow, WaybillRow } from './waybill-lifecycle.repository';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function presentState(w: WaybillRow): WaybillLifecycleState {
  return {
    id: w.id,
    mawb: w.mawb,
    booked: w.booked,
    issued: w.issued,
    verified: w.verified,
    delivered: w.delivered,
    departed: w.departed,
    billed: w.billed,
    voided: w.voided,
    warning: w.warning,
    void_payment: w.void_payment,
    void_reason: w.void_reason,
    void_cancel_reason: w.void_cancel_reason,
    issued_at: iso(w.issued_at),
    verified_at: iso(w.verified_at),
    delivered_at: iso(w.delivered_at),
    voided_at: iso(w.voided_at),
    updated_at: w.updated_at.toISOString(),
    row_version: w.row_version,
  };
}

export function presentVoidRequest(r: VoidRequestRow): VoidRequest {
  return {
    id: r.id,
    air_waybill_id: r.air_waybill_id,
    mawb: r.mawb,
    origin_iata: r.origin_iata,
    destination_iata: r.destination_iata,
    status: r.status,
    request_reason: r.reason,
    resolve_reason: r.resolve_reason,
    payment_required: r.status === 'requested' ? null : r.payment_needed,
    forwarder_id: r.forwarder_id,
    forwarder_short_name: r.forwarder_short_name,
    airline_id: r.airline_id,
    airline_short_name: r.airline_short_name,
    requested_by_user_id: r.requested_by_user_id,
    requested_by_email: r.requested_by_email,
    resolved_by_user_id: r.resolved_by_user_id,
    resolved_by_email: r.resolved_by_email,
    created_at: r.created_at.toISOString(),
    resolved_at: iso(r.resolved_at),
  };
}

/** The catalogue message of each alert code. */
export const ALERT_MESSAGES: Record<AwbAlertCode, MessageKey> = {
  missing_eawb: 'alertMissingEawb',
  awb_weight_differs: 'warningAwbWeightDiffers',
  mawb_not_assigned: 'alertMawbNotAssigned',
  forwarder_iata_mismatch: 'alertForwarderIataMismatch',
  cancelled_flight: 'warningCancelledFlight',
  dis_status: 'alertDisStatus',
};

export function presentAlert(a: AlertRow): AwbAlert {
  const code = a.code as AwbAlertCode;
  return {
    id: a.id,
    air_waybill_id: a.air_waybill_id,
    code,
    text: a.text,
    message_key: { key: ALERT_MESSAGES[code], params: {} },
    created_at: a.created_at.toISOString(),
  };
}
