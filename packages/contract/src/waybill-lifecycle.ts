import { z } from 'zod';
import { type AwbRef, awbRef } from './air-waybills';
import { messageRef, numberFrom, pageQuery, paginated } from './common';
import { refId, text } from './companies';
import { endpoint } from './endpoint';
import { msg } from './messages';

/**
 * The air waybill lifecycle (seed 000 section 4, seed 001 sections 3, 7, 8; issue 12 item 3): issue and cancel issue,
 * verify and cancel verification (with the difference between the waybill and its movements), void with
 * `void_payment` required / not_required and cancel void with a reason, deliver; void requests a forwarder makes and the
 * airline resolves; alerts (the booking and waybill warnings of seed 001 section 8 that apply to a waybill).
 *
 * Voiding is irreversible for the number: cancel void restores the waybill, but its number stays blocked for any other
 * waybill for good (the stock's number row stays voided).
 *
 * Every lifecycle call answers the waybill's lifecycle state (flags, dates, void fields, row version); the full record
 * is `GET /api/v3/air_waybills/:id` (air-waybills contract).
 */

const tags = ['air-waybills'] as const;

/**
 * An air waybill in a path: its numeric id, or its number `PPP-SSSSSSSC` (the air-waybills contract's `awbRef`, so the
 * web can address `/shipments/:mawb`). A number with the wrong form is a validation failure; an unknown one is 404.
 */
export const waybillRef = awbRef;
export type WaybillRef = AwbRef;

export const waybillRefParam = z.object({ id: waybillRef });
export const voidRequestParam = z.object({ id: numberFrom(refId) });
export const alertParam = z.object({ id: waybillRef, alert_id: numberFrom(refId) });

export const VOID_PAYMENTS = ['required', 'not_required'] as const;
export type VoidPayment = (typeof VOID_PAYMENTS)[number];
export const voidPayment = z.enum(VOID_PAYMENTS);

/** Void request statuses; `requested` is shown "In progress". */
export const VOID_REQUEST_STATUSES = ['requested', 'accepted', 'declined'] as const;
export type VoidRequestStatus = (typeof VOID_REQUEST_STATUSES)[number];
export const VOID_REQUEST_DECISIONS = ['accept', 'decline'] as const;

/** A reason (void, cancel void, void request, resolution): required, up to this many characters. */
export const LIFECYCLE_REASON_MAX = 500;
const reason = text(LIFECYCLE_REASON_MAX, 1);

/** The lifecycle state of an air waybill: what every lifecycle call answers. */
export const waybillLifecycleState = z.object({
  id: z.number().int(),
  mawb: z.string(),
  booked: z.boolean(),
  issued: z.boolean(),
  verified: z.boolean(),
  delivered: z.boolean(),
  departed: z.boolean(),
  billed: z.boolean(),
  voided: z.boolean(),
  /** True while the waybill has alerts not dismissed. */
  warning: z.boolean(),
  void_payment: voidPayment.nullable(),
  void_reason: z.string().nullable(),
  void_cancel_reason: z.string().nullable(),
  issued_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  updated_at: z.string(),
  /** Counts up with every change of the waybill. */
  row_version: z.number().int(),
});
export type WaybillLifecycleState = z.infer<typeof waybillLifecycleState>;

/** Void: the payment decision and the reason. */
export const waybillVoid = z.object({ void_payment: voidPayment, reason });
export type WaybillVoid = z.infer<typeof waybillVoid>;
/** Change the void payment decision of a voided waybill. */
export const waybillVoidPayment = z.object({ void_payment: voidPayment });
export type WaybillVoidPayment = z.infer<typeof waybillVoidPayment>;
/** Cancel void: the waybill is restored; its number stays blocked. */
export const waybillVoidCancel = z.object({ cancel_reason: reason });
export type WaybillVoidCancel = z.infer<typeof waybillVoidCancel>;

export const DIFFERENCE_FIELDS = ['pieces', 'weight', 'volume'] as const;
export type DifferenceField = (typeof DIFFERENCE_FIELDS)[number];

/**
 * Per field: the waybill's value and what the latest active (not deactivated) movement reporting that field says
 * (e.g. RCS or a weighing), and their difference (movement - waybill). No movement reports it: movement values null.
 */
export const fieldDifference = z.object({
  field: z.enum(DIFFERENCE_FIELDS),
  air_waybill: z.number().nullable(),
  movement: z.number().nullable(),
  difference: z.number().nullable(),
  differs: z.boolean(),
  movement_id: z.number().int().nullable(),
  status_code: z.string().nullable(),
  location_iata: z.string().nullable(),
  time_utc: z.string().nullable(),
});
export type FieldDifference = z.infer<typeof fieldDifference>;

export const verificationMovementDifference = z.object({
  air_waybill_id: z.number().int(),
  mawb: z.string(),
  fields: z.array(fieldDifference),
  /** True when any field differs. */
  differs: z.boolean(),
});
export type VerificationMovementDifference = z.infer<typeof verificationMovementDifference>;

/** Seed 001 section 3 "Void request": mawb, status, request_reason, resolve_reason, payment_required. */
export const voidRequest = z.object({
  id: z.number().int(),
  air_waybill_id: z.number().int(),
  mawb: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  status: z.enum(VOID_REQUEST_STATUSES),
  request_reason: z.string(),
  resolve_reason: z.string().nullable(),
  /** Accepted with payment needed: the waybill is voided with void_payment required. Null while requested. */
  payment_required: z.boolean().nullable(),
  forwarder_id: z.number().int(),
  forwarder_short_name: z.string(),
  airline_id: z.number().int(),
  airline_short_name: z.string(),
  requested_by_user_id: z.number().int().nullable(),
  requested_by_email: z.string().nullable(),
  resolved_by_user_id: z.number().int().nullable(),
  resolved_by_email: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type VoidRequest = z.infer<typeof voidRequest>;

export const voidRequestCreate = z.object({ reason });
export type VoidRequestCreate = z.infer<typeof voidRequestCreate>;

/** Resolve: accept (the waybill is voided, void_payment required when payment is needed) or decline, with a reason. */
export const voidRequestResolve = z.object({
  decision: z.enum(VOID_REQUEST_DECISIONS),
  reason,
  payment_needed: z.boolean().default(false),
});
export type VoidRequestResolve = z.infer<typeof voidRequestResolve>;

/** The void request list: newest first, paged; filters status and mawb (a number or its beginning, digits and hyphen). */
export const voidRequestsQuery = pageQuery.omit({ sort: true, q: true }).extend({
  status: z.enum(VOID_REQUEST_STATUSES).optional(),
  mawb: z
    .string()
    .trim()
    .regex(/^[\d-]{1,12}$/, msg('awbPattern'))
    .optional(),
});
export type VoidRequestsQuery = z.infer<typeof voidRequestsQuery>;

/** The warnings of seed 001 section 8 that apply to an air waybill. */
export const AWB_ALERT_CODES = [
  'missing_eawb',
  'awb_weight_differs',
  'mawb_not_assigned',
  'forwarder_iata_mismatch',
  'cancelled_flight',
  'dis_status',
] as const;
export type AwbAlertCode = (typeof AWB_ALERT_CODES)[number];

export const awbAlert = z.object({
  id: z.number().int(),
  air_waybill_id: z.number().int(),
  code: z.enum(AWB_ALERT_CODES),
  /** English text; `message_key` translates it. */
  text: z.string(),
  message_key: messageRef,
  created_at: z.string(),
});
export type AwbAlert = z.infer<typeof awbAlert>;

export const waybillLifecycleApi = {
  issue: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/issue',
    permission: 'air_waybills:issue',
    tags,
    summary: 'Issue an air waybill (airline)',
    params: waybillRefParam,
    response: waybillLifecycleState,
  }),
  cancelIssue: endpoint({
    method: 'DELETE',
    path: '/api/v3/air_waybills/:id/issue',
    permission: 'air_waybills:issue',
    tags,
    summary: 'Cancel the issue of an air waybill (not once delivered or verified)',
    params: waybillRefParam,
    response: waybillLifecycleState,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/verify',
    permission: 'air_waybills:verify',
    tags,
    summary: 'Verify an issued air waybill',
    params: waybillRefParam,
    response: waybillLifecycleState,
  }),
  cancelVerify: endpoint({
    method: 'DELETE',
    path: '/api/v3/air_waybills/:id/verify',
    permission: 'air_waybills:verify',
    tags,
    summary: 'Cancel the verification of an air waybill',
    params: waybillRefParam,
    response: waybillLifecycleState,
  }),
  verificationDifference: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/verification_movement_difference',
    permission: 'air_waybills:read',
    tags,
    summary: "Pieces, weight and volume of the waybill against its latest active movements'",
    params: waybillRefParam,
    response: verificationMovementDifference,
  }),
  void: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/void',
    permission: 'air_waybills:void',
    tags,
    summary: 'Void an air waybill: its number is blocked for good',
    params: waybillRefParam,
    body: waybillVoid,
    response: waybillLifecycleState,
  }),
  voidPayment: endpoint({
    method: 'PATCH',
    path: '/api/v3/air_waybills/:id/void',
    permission: 'air_waybills:void',
    tags,
    summary: 'Set the void payment of a voided air waybill',
    params: waybillRefParam,
    body: waybillVoidPayment,
    response: waybillLifecycleState,
  }),
  cancelVoid: endpoint({
    method: 'DELETE',
    path: '/api/v3/air_waybills/:id/void',
    permission: 'air_waybills:void',
    tags,
    summary: 'Cancel the void of an air waybill with a reason (its number stays blocked)',
    params: waybillRefParam,
    body: waybillVoidCancel,
    response: waybillLifecycleState,
  }),
  deliver: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/deliver',
    permission: 'air_waybills:issue',
    tags,
    summary: 'Mark an issued air waybill delivered',
    params: waybillRefParam,
    response: waybillLifecycleState,
  }),
  alerts: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/alerts',
    permission: 'air_waybills:read',
    tags,
    summary: 'Alerts of an air waybill not dismissed',
    params: waybillRefParam,
    response: z.object({ data: z.array(awbAlert) }),
  }),
  dismissAlert: endpoint({
    method: 'DELETE',
    path: '/api/v3/air_waybills/:id/alerts/:alert_id',
    permission: 'air_waybills:write',
    tags,
    summary: 'Dismiss an alert of an air waybill',
    params: alertParam,
    response: null,
  }),
};

export const voidRequestsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/void_requests',
    permission: 'air_waybills:read',
    tags,
    summary: "Void requests: a forwarder's own, an airline's on its waybills",
    query: voidRequestsQuery,
    response: paginated(voidRequest),
  }),
  ofWaybill: endpoint({
    method: 'GET',
    path: '/api/v3/air_waybills/:id/void_requests',
    permission: 'air_waybills:read',
    tags,
    summary: 'Void requests of an air waybill, newest first',
    params: waybillRefParam,
    response: z.object({ data: z.array(voidRequest) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/air_waybills/:id/void_requests',
    permission: 'air_waybills:write',
    tags,
    summary: 'Ask the airline to void an air waybill (forwarder)',
    params: waybillRefParam,
    body: voidRequestCreate,
    response: voidRequest,
    status: 201,
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/api/v3/void_requests/:id',
    permission: 'air_waybills:write',
    tags,
    summary: 'Withdraw a void request while it is requested (requester)',
    params: voidRequestParam,
    response: null,
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/api/v3/void_requests/:id/resolve',
    permission: 'air_waybills:void',
    tags,
    summary: 'Accept (voids the waybill) or decline a void request (airline)',
    params: voidRequestParam,
    body: voidRequestResolve,
    response: voidRequest,
  }),
};
