import type {
  AgentAgreementsQuery,
  Agreement,
  AgreementCompaniesQuery,
  AgreementCompany,
  AgreementCreate,
  AgreementsQuery,
  AgreementUpdate,
} from '@aircargo/contract/agreements';
import type { PaginationMeta } from '@aircargo/contract/common';
import { addressTaxIssues } from '@aircargo/contract/rules';
import type { AuthContext } from '../../platform/auth';
import { type Clock, systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { exists, message, notFound, validation } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import { emptyPage, presentPage } from '../../platform/pagination';
import { inTransaction } from '../../platform/transactions';
import {
  type AgreementScope,
  type AgreementSide,
  agreementsScope,
  pickableParties,
  SUPPLIER_IS_OWN,
  supplierFor,
} from './agreements.policy';
import { presentAgreement } from './agreements.presenter';
import * as repo from './agreements.repository';

export const AGREEMENT_EXISTS = 'Agreement between these companies already exists for these dates';
export { SUPPLIER_IS_OWN };

type Page<T> = { data: T[]; meta: PaginationMeta };

/** The notice a forwarder's admins get of a new agreement, in the recipient's language. */
export function agreementNotice(
  locale: string,
  v: { supplier: string; client: string; from: string; to: string | null; contract: string | null },
): { subject: string; text: string } {
  const contract = v.contract ? ` (${v.contract})` : '';
  if (locale === 'ru') {
    return {
      subject: `Новое соглашение с ${v.supplier}`,
      text: `${v.supplier} заключила соглашение${contract} с ${v.client}, действующее с ${v.from}${v.to ? ` по ${v.to}` : ''}.`,
    };
  }
  return {
    subject: `New agreement with ${v.supplier}`,
    text: `${v.supplier} has made an agreement${contract} with ${v.client}, effective from ${v.from}${v.to ? ` to ${v.to}` : ''}.`,
  };
}

export class AgreementsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The date the `active` flag and filter are judged on: the app clock's, in UTC. */
  private today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  private async page(
    scope: AgreementScope,
    filter: repo.AgreementFilter,
    query: AgreementsQuery | AgentAgreementsQuery,
  ): Promise<Page<Agreement>> {
    if (scope.parties.kind === 'none') return presentPage(emptyPage<repo.AgreementRow>(query), presentAgreement);
    return presentPage(await repo.listAgreements(this.db, scope, filter, query, this.today()), presentAgreement);
  }

  /** GET /agreements: the platform sees all; an airline the agreements where it is the supplier. */
  list(auth: AuthContext, query: AgreementsQuery): Promise<Page<Agreement>> {
    return this.page(
      agreementsScope(auth, 'supplier'),
      { supplierId: query.supplier_id, clientId: query.client_id, active: query.active, q: query.q },
      query,
    );
  }

  /** GET /agent/agreements: the platform sees all; a forwarder the agreements where it is the client. */
  listForAgent(auth: AuthContext, query: AgentAgreementsQuery): Promise<Page<Agreement>> {
    return this.page(
      agreementsScope(auth, 'client'),
      { supplierId: query.supplier_id, active: query.active, q: query.q },
      query,
    );
  }

  /** The agreement within the caller's scope from that side (agreements.policy.ts); else 404, existing or not. */
  private async find(auth: AuthContext, id: number, side: AgreementSide): Promise<repo.AgreementRow> {
    const row = await repo.findAgreement(this.db, agreementsScope(auth, side), id, this.today());
    if (!row) throw notFound(message('agreementNotFound'));
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<Agreement> {
    return presentAgreement(await this.find(auth, id, 'supplier'));
  }

  async getForAgent(auth: AuthContext, id: number): Promise<Agreement> {
    return presentAgreement(await this.find(auth, id, 'client'));
  }

  /** The supplier must be an airline and the client a forwarder; a missing company gets the same answer. */
  private async checkParties(db: Db, supplierId: number, clientId: number): Promise<void> {
    const [supplierType, clientType] = await Promise.all([
      repo.companyType(db, supplierId),
      repo.companyType(db, clientId),
    ]);
    const errors: Record<string, string[]> = {};
    if (supplierType !== 'airline') errors.supplier_id = ['must be an airline company'];
    if (clientType !== 'forwarder') errors.client_id = ['must be a forwarder company'];
    if (Object.keys(errors).length)
      throw validation(errors, 'The supplier must be an airline and the client a forwarder');
  }

  /** One agreement per supplier and client at any date: overlapping dates are refused. */
  private async checkOverlap(db: Db, v: Parameters<typeof repo.findOverlapping>[1]): Promise<void> {
    if (await repo.findOverlapping(db, v)) throw exists(AGREEMENT_EXISTS, 'effective_from');
  }

  async create(auth: AuthContext, input: AgreementCreate): Promise<Agreement> {
    const supplierId = supplierFor(auth, input.supplier_id);
    const { supplier_id: _requested, ...fields } = input;
    const id = await inTransaction(this.db, async (tx) => {
      await this.checkParties(tx, supplierId, input.client_id);
      await repo.lockSupplier(tx, supplierId);
      await this.checkOverlap(tx, {
        supplierId,
        clientId: input.client_id,
        from: input.effective_from,
        to: input.effective_to ?? null,
      });
      const created = await repo.insertAgreement(tx, { ...fields, supplier_id: supplierId });
      await this.announce(tx, created, supplierId, input);
      return created;
    });
    return this.get(auth, id);
  }

  /**
   * Outbox: the client's admins are told of the new agreement by mail queued in the transaction that creates it, so
   * a notice goes out exactly when the agreement exists, once per recipient.
   */
  private async announce(tx: Db, id: number, supplierId: number, input: AgreementCreate): Promise<void> {
    const [supplier, client, recipients] = await Promise.all([
      repo.companyName(tx, supplierId),
      repo.companyName(tx, input.client_id),
      repo.adminRecipients(tx, input.client_id),
    ]);
    for (const recipient of recipients) {
      const notice = agreementNotice(recipient.locale, {
        supplier: supplier ?? '',
        client: client ?? '',
        from: input.effective_from,
        to: input.effective_to ?? null,
        contract: input.contract_number ?? null,
      });
      await enqueueMail(
        tx,
        { to: recipient.email, ...notice },
        { uniqueKey: `agreement-created:${id}:${recipient.email}` },
      );
    }
  }

  async update(auth: AuthContext, id: number, input: AgreementUpdate): Promise<Agreement> {
    const { agreement: current } = await this.find(auth, id, 'supplier');
    const supplierId = input.supplier_id === undefined ? current.supplier_id : supplierFor(auth, input.supplier_id);
    const clientId = input.client_id ?? current.client_id;
    const from = input.effective_from ?? current.effective_from;
    const to = input.effective_to === undefined ? current.effective_to : input.effective_to;
    if (to !== null && to < from) {
      throw validation(
        { effective_to: ['must not be before effective_from'] },
        'effective_to is before effective_from',
      );
    }
    // Seed 001 section 5: a Russian client's INN has 10 or 12 digits, checked on the agreement as it will be stored.
    const taxIssues = addressTaxIssues(
      {
        country: input.country === undefined ? current.country : input.country,
        tax_number: input.tax_number === undefined ? current.tax_number : input.tax_number,
      },
      { postCode: false },
    );
    if (Object.keys(taxIssues).length) throw validation(taxIssues, Object.values(taxIssues)[0]![0]);
    const { supplier_id: _requested, ...fields } = input;
    await inTransaction(this.db, async (tx) => {
      await this.checkParties(tx, supplierId, clientId);
      await repo.lockSupplier(tx, supplierId);
      await this.checkOverlap(tx, { supplierId, clientId, from, to, exceptId: id });
      await repo.updateAgreement(tx, agreementsScope(auth, 'supplier'), id, { ...fields, supplier_id: supplierId });
    });
    return this.get(auth, id);
  }

  /**
   * GET /agreements/companies: the companies an agreement may name. An airline picks forwarders as clients; the
   * platform also picks airlines as suppliers. Blocked companies are left out.
   */
  async parties(auth: AuthContext, query: AgreementCompaniesQuery): Promise<Page<AgreementCompany>> {
    const pickable = pickableParties(auth);
    const types = query.company_type ? pickable.filter((t) => t === query.company_type) : pickable;
    if (!types.length) return presentPage(emptyPage<AgreementCompany>(query), (c) => c);
    return presentPage(await repo.listPartyCompanies(this.db, types, query), (c) => c);
  }
}
