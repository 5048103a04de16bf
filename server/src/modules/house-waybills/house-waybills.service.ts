import { generateFhl, generateFwb } from '@aircargo/cargo-messages';
import type { AwbPartyInput, AwbRef } from '@aircargo/contract/air-waybills';
import type {
  FhlHouseJson,
  HouseWaybill,
  HouseWaybillCreate,
  HouseWaybillList,
  HouseWaybillUpdate,
} from '@aircargo/contract/house-waybills';
import { MAX_HOUSES_PER_MASTER } from '@aircargo/contract/house-waybills';
import type { AwbParty } from '../../db/schema';
import type { AuthContext } from '../../platform/auth';
import { type ChangeSet, changeSetOf, writeChangeLogs } from '../../platform/change-log';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { emptyFields, exists, message, notFound, validation } from '../../platform/errors';
import { inTransaction } from '../../platform/transactions';
import { produceTelegrams } from '../telegram-producers/telegram-producers.hooks';
import { fhlOf, fwbOf, type MasterFigures, partyToCimp } from './house-waybills.cimp';
import { houseFigures, presentHouse, weightKg } from './house-waybills.presenter';
import * as repo from './house-waybills.repository';

/**
 * House waybills under a master (issue 12 item 4) and the Cargo-IMP texts of a waybill: FHL of its houses, FWB of the
 * master (packages/cargo-messages). Rules: the number is unique within the master (Exists "already taken"); the master
 * must exist and be visible to the caller (EmptyFields "must exist" on create, 404 otherwise); the houses' pieces and
 * weight (kg) together may not exceed the master's (422); a voided master's houses cannot change (422). Every change
 * is written to the change log in its transaction; the master's row lock serialises the changes of its houses.
 */

const shipmentNotFound = () => notFound(message('shipmentNotFound'));
const houseNotFound = () => notFound(message('houseWaybillNotFound'));

const LOGGED = [
  'serial_number',
  'origin',
  'destination',
  'pieces',
  'weight_code',
  'weight',
  'manifest_description_of_goods',
  'shcs',
  'free_text',
  'hs_codes',
  'shipper',
  'consignee',
  'placi_status',
  'placi_comment',
] as const;
type Logged = Record<(typeof LOGGED)[number], unknown>;

function logged(row: repo.HouseRow): Logged {
  return Object.fromEntries(LOGGED.map((f) => [f, f === 'weight' ? Number(row.weight) : (row[f] ?? null)])) as Logged;
}

function partyOf(input: AwbPartyInput | null | undefined): AwbParty | null {
  if (!input) return null;
  return {
    name: input.name ?? null,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    country_code: input.country_code ?? null,
    post_code: input.post_code ?? null,
    contacts: input.contacts ?? null,
    tax_id: input.tax_id ?? null,
  };
}

const masterFigures = (w: repo.WaybillRow): MasterFigures => ({
  mawb: w.mawb,
  origin: w.origin_iata,
  destination: w.destination_iata,
  pieces: w.pieces,
  weight: Number(w.weight),
});

/** Sums of pieces and kg of houses (three decimals for the weight). */
function totalsOf(houses: readonly { pieces: number; weight: string | number; weight_code: string }[]) {
  let pieces = 0;
  let grams = 0;
  for (const h of houses) {
    pieces += h.pieces;
    grams += Math.round(weightKg(Number(h.weight), h.weight_code) * 1000);
  }
  return { pieces, weightKg: grams / 1000 };
}

export class HouseWaybillsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  private async master(db: Db, auth: AuthContext, ref: AwbRef, lock = false): Promise<repo.WaybillRow> {
    const row = await repo.findVisibleWaybill(db, auth, ref, { lock });
    if (!row) throw shipmentNotFound();
    return row;
  }

  private async house(db: Db, master: repo.WaybillRow, houseId: number): Promise<repo.HouseRow> {
    const row = await repo.findHouse(db, master.id, houseId);
    if (!row) throw houseNotFound();
    return row;
  }

  async list(auth: AuthContext, ref: AwbRef): Promise<HouseWaybillList> {
    const master = await this.master(this.db, auth, ref);
    const houses = await repo.listHouses(this.db, master.id);
    const totals = totalsOf(houses);
    return {
      data: houses.map((h) => presentHouse(h, master.mawb)),
      totals: {
        pieces: totals.pieces,
        weight_kg: totals.weightKg,
        master_pieces: master.pieces,
        master_weight_kg: Number(master.weight),
      },
    };
  }

  async get(auth: AuthContext, ref: AwbRef, houseId: number): Promise<HouseWaybill> {
    const master = await this.master(this.db, auth, ref);
    return presentHouse(await this.house(this.db, master, houseId), master.mawb);
  }

  /** Refuses a change of a voided master's houses. */
  private checkNotVoided(master: repo.WaybillRow): void {
    if (master.voided) throw validation({}, message('shipmentVoided'));
  }

  /**
   * Refuses a house (`house`: its pieces, weight and weight code) when with the master's other houses (`others`: their
   * totals) the pieces or kg exceed the master's.
   */
  private checkTotals(
    master: repo.WaybillRow,
    others: { pieces: number; weightKg: number },
    house: { pieces: number; weight: string | number; weight_code: string },
  ): void {
    const pieces = others.pieces + house.pieces;
    if (pieces > master.pieces) {
      const m = message('housePiecesOverMaster', { pieces, master: master.pieces });
      throw validation({ pieces: [m] }, m);
    }
    const grams =
      Math.round(others.weightKg * 1000) + Math.round(weightKg(Number(house.weight), house.weight_code) * 1000);
    const masterKg = Number(master.weight);
    if (grams > Math.round(masterKg * 1000)) {
      const m = message('houseWeightOverMaster', { weight: grams / 1000, master: masterKg });
      throw validation({ weight: [m] }, m);
    }
  }

  private async checkAirports(db: Db, master: repo.WaybillRow, codes: readonly string[]): Promise<void> {
    const foreign = codes.filter((c) => c !== master.origin_iata && c !== master.destination_iata);
    if (foreign.length === 0) return;
    const known = await repo.knownAirports(db, foreign);
    const unknown = foreign.find((c) => !known.has(c));
    if (unknown) throw validation({ origin_iata: [message('airportNotFound')] }, message('airportNotFound'));
  }

  async create(auth: AuthContext, ref: AwbRef, input: HouseWaybillCreate): Promise<HouseWaybill> {
    return inTransaction(this.db, async (tx) => {
      const master = await repo.findVisibleWaybill(tx, auth, ref, { lock: true });
      if (!master) {
        const m = message('houseMasterMustExist');
        throw emptyFields(m, { air_waybill: [m] });
      }
      this.checkNotVoided(master);
      const origin = input.origin_iata ?? master.origin_iata;
      const destination = input.destination_iata ?? master.destination_iata;
      await this.checkAirports(tx, master, [origin, destination]);
      if (await repo.serialTaken(tx, master.id, input.serial_number)) {
        throw exists(message('alreadyTaken'), 'serial_number');
      }
      const others = await repo.houseTotals(tx, master.id);
      if (others.count >= MAX_HOUSES_PER_MASTER) {
        const m = message('maxValue', { max: MAX_HOUSES_PER_MASTER });
        throw validation({ serial_number: [m] }, m);
      }
      const weight = input.weight.toFixed(3);
      this.checkTotals(master, others, { pieces: input.pieces, weight, weight_code: input.weight_code });
      const row = await repo.insertHouse(tx, {
        air_waybill_id: master.id,
        serial_number: input.serial_number,
        origin,
        destination,
        pieces: input.pieces,
        weight_code: input.weight_code,
        weight,
        manifest_description_of_goods: input.manifest_description_of_goods,
        shcs: input.shcs,
        free_text: input.free_text,
        hs_codes: input.hs_codes,
        shipper: partyOf(input.shipper),
        consignee: partyOf(input.consignee),
        placi_status: input.placi_status,
        placi_comment: input.placi_comment,
      });
      await this.log(tx, auth, row.id, changeSetOf(null, logged(row), LOGGED));
      await produceTelegrams(tx, 'hawb_changed', row.id, auth.userId);
      return presentHouse(row, master.mawb);
    });
  }

  async update(auth: AuthContext, ref: AwbRef, houseId: number, input: HouseWaybillUpdate): Promise<HouseWaybill> {
    return inTransaction(this.db, async (tx) => {
      const master = await this.master(tx, auth, ref, true);
      const before = await this.house(tx, master, houseId);
      this.checkNotVoided(master);
      const values: Partial<repo.HouseInsert> = {};
      if (input.serial_number !== undefined) values.serial_number = input.serial_number;
      if (input.origin_iata !== undefined) values.origin = input.origin_iata;
      if (input.destination_iata !== undefined) values.destination = input.destination_iata;
      if (input.pieces !== undefined) values.pieces = input.pieces;
      if (input.weight_code !== undefined) values.weight_code = input.weight_code;
      if (input.weight !== undefined) values.weight = input.weight.toFixed(3);
      if (input.manifest_description_of_goods !== undefined)
        values.manifest_description_of_goods = input.manifest_description_of_goods;
      if (input.shcs !== undefined) values.shcs = input.shcs;
      if (input.free_text !== undefined) values.free_text = input.free_text;
      if (input.hs_codes !== undefined) values.hs_codes = input.hs_codes;
      if (input.shipper !== undefined) values.shipper = partyOf(input.shipper);
      if (input.consignee !== undefined) values.consignee = partyOf(input.consignee);
      if (input.placi_status !== undefined) values.placi_status = input.placi_status;
      if (input.placi_comment !== undefined) values.placi_comment = input.placi_comment;
      await this.checkAirports(tx, master, [values.origin ?? before.origin, values.destination ?? before.destination]);
      if (
        values.serial_number !== undefined &&
        values.serial_number !== before.serial_number &&
        (await repo.serialTaken(tx, master.id, values.serial_number, before.id))
      ) {
        throw exists(message('alreadyTaken'), 'serial_number');
      }
      this.checkTotals(master, await repo.houseTotals(tx, master.id, before.id), {
        pieces: values.pieces ?? before.pieces,
        weight: values.weight ?? before.weight,
        weight_code: values.weight_code ?? before.weight_code,
      });
      const after = await repo.updateHouse(tx, before.id, values, this.clock.now());
      await this.log(tx, auth, after.id, changeSetOf(logged(before), logged(after), LOGGED));
      await produceTelegrams(tx, 'hawb_changed', after.id, auth.userId);
      return presentHouse(after, master.mawb);
    });
  }

  async delete(auth: AuthContext, ref: AwbRef, houseId: number): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const master = await this.master(tx, auth, ref, true);
      const before = await this.house(tx, master, houseId);
      this.checkNotVoided(master);
      await repo.deleteHouse(tx, before.id);
      const gone = Object.fromEntries(LOGGED.map((f) => [f, null])) as Logged;
      await this.log(tx, auth, before.id, changeSetOf(logged(before), gone, LOGGED));
    });
  }

  private async log(tx: Db, auth: AuthContext, id: number, changeSet: ChangeSet): Promise<void> {
    await writeChangeLogs(tx, [
      { record_type: 'house_waybill', record_id: id, channel: 'web', user_id: auth.userId, change_set: changeSet },
    ]);
  }

  /** The house as the FHL model: its master (MBI), the house (HBS, TXT, HTS) and its shipper and consignee. */
  async json(auth: AuthContext, ref: AwbRef, houseId: number): Promise<FhlHouseJson> {
    const master = await this.master(this.db, auth, ref);
    const house = await this.house(this.db, master, houseId);
    return fhlOf(masterFigures(master), [houseFigures(house)], true) as FhlHouseJson;
  }

  /** FHL text of one house with its shipper and consignee. */
  async houseCimp(auth: AuthContext, ref: AwbRef, houseId: number): Promise<string> {
    const master = await this.master(this.db, auth, ref);
    const house = await this.house(this.db, master, houseId);
    return generateFhl(fhlOf(masterFigures(master), [houseFigures(house)], true));
  }

  /** FHL text of all houses of the master (422 when it has none: an FHL lists at least one house). */
  async fhl(auth: AuthContext, ref: AwbRef): Promise<string> {
    const master = await this.master(this.db, auth, ref);
    const houses = await repo.listHouses(this.db, master.id);
    if (houses.length === 0) throw validation({}, message('houseNoneForFhl'));
    return generateFhl(fhlOf(masterFigures(master), houses.map(houseFigures), houses.length === 1));
  }

  /** FWB text of the master. */
  async fwb(auth: AuthContext, ref: AwbRef): Promise<string> {
    const w = await this.master(this.db, auth, ref);
    // Sequential: this.db may be a transaction (the telegram.produce job), one connection, one query at a time.
    const rateLines = await repo.rateLinesOf(this.db, w.id);
    const forwarder = await repo.companyOf(this.db, w.forwarder_id);
    const cities = await repo.airportCities(this.db, [w.origin_iata, w.destination_iata]);
    const currency =
      w.currency ??
      rateLines[0]?.currency ??
      (await repo.agreementCurrency(this.db, w.airline_id, w.forwarder_id)) ??
      // ISO 4217 "no currency": nothing about the waybill names one yet.
      'XXX';
    const originCity = cities.get(w.origin_iata) ?? w.origin_iata;
    const destinationCity = cities.get(w.destination_iata) ?? w.destination_iata;
    // FWB needs both parties' names (SHP, CNE): a waybill without them has no FWB yet.
    const shipper = partyToCimp(w.shipper, originCity);
    const consignee = partyToCimp(w.consignee, destinationCity);
    if (!shipper || !consignee) {
      const fields = Object.fromEntries(
        [shipper ? null : 'shipper.name', consignee ? null : 'consignee.name']
          .filter((f): f is string => f !== null)
          .map((f) => [f, [message('required')]]),
      );
      throw validation(fields, message('required'));
    }
    const chargeable =
      w.airline_defined_cw ?? w.charge_weight ?? w.chargeable_calc?.chargeable_weight ?? Number(w.weight);
    return generateFwb(
      fwbOf(
        {
          ...masterFigures(w),
          volume: Number(w.volume),
          carrier: w.carrier,
          commodity: w.commodity,
          shcs: w.shcs,
          hs_codes: w.hs_codes,
          shipper: w.shipper,
          consignee: w.consignee,
          notify: w.notify ?? null,
          special_service_request: w.special_service_request,
          other_service_request: w.other_service_request,
          oci: w.oci,
          acc: w.acc,
          payment: w.payment,
          currency,
          as_agreed_rates: w.as_agreed_rates,
          chargeable_weight: Number(chargeable),
          route: w.route_data.map((l) => ({
            destination: l.destination,
            carrier: l.carrier,
            flight: l.flight,
            date: l.date,
          })),
          issue_date: w.issue_date ?? w.created_at.toISOString().slice(0, 10),
          issue_place: originCity,
          origin_city: originCity,
          destination_city: destinationCity,
          agent: {
            name: forwarder?.name ?? '',
            city: forwarder?.city ?? null,
            iata_code: forwarder?.iata_code ?? null,
            account: w.forwarder_account,
          },
          rate_lines: rateLines,
        },
        shipper,
        consignee,
      ),
    );
  }

  async previousSsrs(auth: AuthContext, q: string | undefined): Promise<{ data: string[] }> {
    return { data: await repo.previousSsrs(this.db, auth, q) };
  }
}
