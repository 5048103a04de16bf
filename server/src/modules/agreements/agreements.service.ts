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
import { type CompanyType, ERROR_MESSAGES } from '@aircargo/domain';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { emptyFields, exists, forbidden, notFound, validation } from '../../platform/errors';
import { pageMeta } from '../../platform/pagination';
import { presentAgreement } from './agreements.presenter';
import * as repo from './agreements.repository';

export const AGREEMENT_EXISTS = 'Agreement between these companies already exists for these dates';
export const SUPPLIER_IS_OWN = 'An airline makes agreements only as their supplier';

type Page<T> = { data: T[]; meta: PaginationMeta };

/** The company the caller acts for; a caller without one matches no row (ids start at 1). */
const ownId = (auth: AuthContext) => auth.companyId ?? 0;
const isPlatform = (auth: AuthContext) => auth.companyType === 'platform';

export class AgreementsService {
  constructor(private readonly db: Db) {}

  private async page(
    filter: repo.AgreementFilter,
    query: AgreementsQuery | AgentAgreementsQuery,
  ): Promise<Page<Agreement>> {
    const { rows, total } = await repo.listAgreements(this.db, filter, query);
    return { data: rows.map(presentAgreement), meta: pageMeta(query, total) };
  }

  /** GET /agreements: the platform sees all; an airline the agreements where it is the supplier. */
  list(auth: AuthContext, query: AgreementsQuery): Promise<Page<Agreement>> {
    const own = isPlatform(auth) ? undefined : ownId(auth);
    if (own !== undefined && query.supplier_id !== undefined && query.supplier_id !== own) {
      return Promise.resolve({ data: [], meta: pageMeta(query, 0) });
    }
    return this.page(
      { supplierId: own ?? query.supplier_id, clientId: query.client_id, active: query.active, q: query.q },
      query,
    );
  }

  /** GET /agent/agreements: the platform sees all; a forwarder the agreements where it is the client. */
  listForAgent(auth: AuthContext, query: AgentAgreementsQuery): Promise<Page<Agreement>> {
    const clientId = isPlatform(auth) ? undefined : ownId(auth);
    return this.page({ supplierId: query.supplier_id, clientId, active: query.active, q: query.q }, query);
  }

  /** An agreement the caller may see from its side (supplier or client); anything else is 404, existing or not. */
  private async visible(auth: AuthContext, id: number, side: 'supplier' | 'client'): Promise<repo.AgreementRow> {
    const row = await repo.findAgreement(this.db, id);
    const party = side === 'supplier' ? row?.agreement.supplier_id : row?.agreement.client_id;
    if (!row || (!isPlatform(auth) && party !== ownId(auth))) throw notFound(ERROR_MESSAGES.agreementNotFound);
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<Agreement> {
    return presentAgreement(await this.visible(auth, id, 'supplier'));
  }

  async getForAgent(auth: AuthContext, id: number): Promise<Agreement> {
    return presentAgreement(await this.visible(auth, id, 'client'));
  }

  /** The supplier of a new or changed agreement: the platform names an airline, an airline is always itself. */
  private supplierFor(auth: AuthContext, requested: number | undefined): number {
    if (isPlatform(auth)) {
      if (requested === undefined) throw emptyFields('The supplier is required', { supplier_id: ['required field'] });
      return requested;
    }
    if (requested !== undefined && requested !== ownId(auth)) throw forbidden(SUPPLIER_IS_OWN);
    return ownId(auth);
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
    const supplierId = this.supplierFor(auth, input.supplier_id);
    const { supplier_id: _requested, ...fields } = input;
    const id = await this.db.transaction(async (tx) => {
      await this.checkParties(tx, supplierId, input.client_id);
      await repo.lockSupplier(tx, supplierId);
      await this.checkOverlap(tx, {
        supplierId,
        clientId: input.client_id,
        from: input.effective_from,
        to: input.effective_to ?? null,
      });
      return repo.insertAgreement(tx, { ...fields, supplier_id: supplierId });
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: AgreementUpdate): Promise<Agreement> {
    const { agreement: current } = await this.visible(auth, id, 'supplier');
    const supplierId =
      input.supplier_id === undefined ? current.supplier_id : this.supplierFor(auth, input.supplier_id);
    const clientId = input.client_id ?? current.client_id;
    const from = input.effective_from ?? current.effective_from;
    const to = input.effective_to === undefined ? current.effective_to : input.effective_to;
    if (to !== null && to < from) {
      throw validation(
        { effective_to: ['must not be before effective_from'] },
        'effective_to is before effective_from',
      );
    }
    const { supplier_id: _requested, ...fields } = input;
    await this.db.transaction(async (tx) => {
      await this.checkParties(tx, supplierId, clientId);
      await repo.lockSupplier(tx, supplierId);
      await this.checkOverlap(tx, { supplierId, clientId, from, to, exceptId: id });
      await repo.updateAgreement(tx, id, { ...fields, supplier_id: supplierId });
    });
    return this.get(auth, id);
  }

  /**
   * GET /agreements/companies: the companies an agreement may name. An airline picks forwarders as clients; the
   * platform also picks airlines as suppliers. Blocked companies are left out.
   */
  async parties(auth: AuthContext, query: AgreementCompaniesQuery): Promise<Page<AgreementCompany>> {
    const pickable: CompanyType[] = isPlatform(auth) ? ['airline', 'forwarder'] : ['forwarder'];
    const types = query.company_type ? pickable.filter((t) => t === query.company_type) : pickable;
    if (!types.length) return { data: [], meta: pageMeta(query, 0) };
    const { rows, total } = await repo.listPartyCompanies(this.db, types, query);
    return { data: rows, meta: pageMeta(query, total) };
  }
}
