import type { AwbRef } from '@aircargo/contract/air-waybills';
import {
  canSendShipperLetter,
  type LabelsQuery,
  MAX_LABELS,
  type SendShipperLetterBody,
  type ShipperLetterState,
  sliBarcodeFor,
} from '@aircargo/contract/waybill-labels';
import type { AuthContext } from '../../platform/auth';
import { writeChangeLogs } from '../../platform/change-log';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { message, notFound, validation } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import { inTransaction } from '../../platform/transactions';
import { presentLetterState, weightText } from './waybill-labels.presenter';
import { type Label, type LabelShipment, renderLabels } from './waybill-labels.render';
import * as repo from './waybill-labels.repository';
import { renderSli } from './waybill-labels.sli';

const shipmentNotFound = () => notFound(message('shipmentNotFound'));

/** Labels, the shipper's letter and its sending (issue 13 items 2 and 3). */
export class WaybillLabelsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly appUrl: string,
  ) {}

  private async waybill(db: Db, auth: AuthContext, ref: AwbRef, lock = false): Promise<repo.WaybillRow> {
    const row = await repo.findVisibleWaybill(db, auth, ref, { lock });
    if (!row) throw shipmentNotFound();
    return row;
  }

  private async airline(w: repo.WaybillRow): Promise<{ name: string; code: string }> {
    const airline = await repo.company(this.db, w.airline_id);
    return { name: airline?.name ?? w.carrier, code: airline?.airline_code ?? w.carrier };
  }

  /** The labels PDF: master pieces 1..N, then with `houses` each house's pieces 1..n. */
  async labels(auth: AuthContext, ref: AwbRef, query: LabelsQuery): Promise<{ mawb: string; pdf: Buffer }> {
    const w = await this.waybill(this.db, auth, ref);
    if (!(await repo.airportExists(this.db, query.station))) {
      throw validation({ station: [message('airportNotFound')] }, message('airportNotFound'));
    }
    const houses = query.houses ? await repo.listHouses(this.db, w.id) : [];
    const count = w.pieces + houses.reduce((sum, h) => sum + h.pieces, 0);
    if (count > MAX_LABELS) {
      throw validation(
        { houses: [message('labelsTooMany', { max: MAX_LABELS })] },
        message('labelsTooMany', { max: MAX_LABELS }),
      );
    }
    const airline = await this.airline(w);
    const shipment: LabelShipment = {
      mawb: w.mawb,
      airlineName: airline.name,
      carrier: airline.code,
      origin: w.origin_iata,
      destination: w.destination_iata,
      pieces: w.pieces,
      weight: weightText(w.weight),
      station: query.station,
      printed: this.clock.now().toISOString().slice(0, 10),
    };
    const labels: Label[] = [];
    for (let piece = 1; piece <= w.pieces; piece++) labels.push({ kind: 'master', piece });
    for (const h of houses) {
      const house = {
        number: h.serial_number,
        pieces: h.pieces,
        weight: `${weightText(h.weight)} ${h.weight_code === 'L' ? 'lb' : 'kg'}`,
        origin: h.origin,
        destination: h.destination,
      };
      for (let piece = 1; piece <= h.pieces; piece++) labels.push({ kind: 'house', house, piece });
    }
    return { mawb: w.mawb, pdf: await renderLabels(query.format, shipment, labels) };
  }

  /** The shipper's letter PDF; its barcode is the stored one, or the one sending will store. */
  async sli(auth: AuthContext, ref: AwbRef): Promise<{ mawb: string; pdf: Buffer }> {
    const w = await this.waybill(this.db, auth, ref);
    const [airline, forwarder, goods] = await Promise.all([
      this.airline(w),
      repo.company(this.db, w.forwarder_id),
      repo.listGoods(this.db, w.id),
    ]);
    const pdf = await renderSli({
      mawb: w.mawb,
      barcode: w.sli_barcode ?? sliBarcodeFor(w.mawb),
      airline: airline.name,
      carrier: airline.code,
      forwarder: [forwarder?.name, forwarder?.address, [forwarder?.city, forwarder?.country].filter(Boolean).join(', ')]
        .filter((l) => !!l)
        .join('\n'),
      forwarderAccount: w.forwarder_account ?? forwarder?.forwarder_iata_code ?? null,
      shipper: w.shipper,
      consignee: w.consignee,
      notify: w.notify,
      origin: w.origin_iata,
      destination: w.destination_iata,
      route: w.route_data,
      pieces: w.pieces,
      weight: weightText(w.weight),
      volume: weightText(w.volume),
      commodity: w.commodity,
      shcs: w.shcs,
      hsCodes: w.hs_codes,
      goods: goods.map((g) => ({
        description: g.description,
        hs_code: g.hs_code,
        marks: g.marks,
        packing: g.packing,
        pieces: g.pieces,
        weight: g.weight === null ? null : weightText(g.weight),
      })),
      specialService: w.special_service_request,
      otherService: w.other_service_request,
      payment: w.payment,
      currency: w.currency,
      printed: this.clock.now().toISOString().slice(0, 10),
    });
    return { mawb: w.mawb, pdf };
  }

  /**
   * Sends the letter: one mail per address (the given ones, else the caller's own) queued in the same transaction as
   * the sent state, so either both happen or neither. The log transport carries no attachment: the mail names the
   * letter and where signed-in users download it.
   */
  async send(auth: AuthContext, ref: AwbRef, body: SendShipperLetterBody): Promise<ShipperLetterState> {
    return inTransaction(this.db, async (tx) => {
      const w = await this.waybill(tx, auth, ref, true);
      if (!canSendShipperLetter(w)) throw validation({}, message('sliCannotBeSent'));
      const own = await repo.userEmail(tx, auth.userId);
      const to = [...new Set(body.emails?.length ? body.emails : own ? [own] : [])];
      const now = this.clock.now();
      const barcode = w.sli_barcode ?? sliBarcodeFor(w.mawb);
      const link = `${this.appUrl}/shipments/${w.mawb}`;
      for (const address of to) {
        await enqueueMail(
          tx,
          {
            to: address,
            subject: `Shipper's letter of instruction, AWB ${w.mawb}`,
            text: [
              `Shipper's letter of instruction for air waybill ${w.mawb} (${w.origin_iata}-${w.destination_iata}, ${w.pieces} pcs, ${weightText(w.weight)} kg).`,
              `Shipper: ${w.shipper.name ?? ''}. Consignee: ${w.consignee.name ?? ''}. Letter barcode: ${barcode}.`,
              `The letter (PDF, file sli_${w.mawb}.pdf) is not attached: download it from the shipment's "Shipper letter" action at ${link}`,
            ].join('\n'),
          },
          { uniqueKey: `sli:${w.id}:${now.toISOString()}:${address}` },
        );
      }
      const updated = await repo.markLetterSent(tx, w.id, barcode, now);
      await writeChangeLogs(tx, [
        {
          record_type: 'air_waybill',
          record_id: w.id,
          channel: 'web',
          user_id: auth.userId,
          change_set: {
            sli_barcode: [w.sli_barcode, barcode],
            sli_sent_at: [w.sli_sent_at?.toISOString() ?? null, now.toISOString()],
          },
        },
      ]);
      return presentLetterState(updated, to);
    });
  }
}
