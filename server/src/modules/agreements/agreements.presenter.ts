import type { Agreement } from '@aircargo/contract/agreements';
import type { AgreementRow } from './agreements.repository';

export function presentAgreement({ agreement: a, supplier, client, active }: AgreementRow): Agreement {
  return {
    id: a.id,
    supplier,
    client,
    client_local_name: a.client_local_name,
    street: a.street,
    local_street: a.local_street,
    country: a.country,
    city: a.city,
    tax_number: a.tax_number,
    account_number: a.account_number,
    currency: a.currency,
    sales_origins: a.sales_origins,
    show_tariffs: a.show_tariffs,
    beneficiary: a.beneficiary,
    effective_from: a.effective_from,
    effective_to: a.effective_to,
    contract_number: a.contract_number,
    balance_check_disabled: a.balance_check_disabled,
    additional_prefixes: a.additional_prefixes,
    smart_contract: a.smart_contract,
    active: active === true,
    allowed_manual_routes: a.allowed_manual_routes,
  };
}
