import type { Company, CompanyDetails, CompanyListItem, CompanyUiSettings } from '@aircargo/contract/companies';
import type { CompanyRow } from './companies.repository';

/** `numeric` columns arrive as strings; the API answers numbers. */
const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

export function presentUiSettings(ui: Record<string, unknown>): CompanyUiSettings {
  return {
    ...ui,
    has_access_to_new_air_waybills_page: ui.has_access_to_new_air_waybills_page === true,
    show_settings: ui.show_settings === true,
  };
}

export function presentCompanyListItem(row: CompanyRow): CompanyListItem {
  return {
    id: row.id,
    name: row.name,
    short_name: row.short_name,
    local_name: row.local_name,
    operations_type: row.operations_type,
    address: row.address,
    city: row.city,
    country: row.country,
    tax_number: row.tax_number,
    kpp: row.kpp,
    post_code: row.post_code,
    default_airport: row.default_airport,
    forwarder_iata_code: row.forwarder_iata_code,
    cass_codes: row.cass_codes,
    pima: row.pima,
    pima_location: row.pima_location,
    eori: row.eori,
    account_number: row.account_number,
    company_type: row.company_type,
    airline_code: row.airline_code,
    state: row.state,
  };
}

export function presentCompanyDetails(row: CompanyRow): CompanyDetails {
  return {
    access_to_all_carriers: row.access_to_all_carriers,
    interline_booking: row.interline_booking,
    intl_cargo_accepted: row.intl_cargo_accepted,
    invisible: row.invisible,
    permitted_carriers: row.permitted_carriers,
    service_shcs: row.service_shcs,
    shcs_accepted: row.shcs_accepted,
    dg_storage: row.dg_storage,
    latitude: numberOrNull(row.latitude),
    longitude: numberOrNull(row.longitude),
    customs_hours: row.customs_hours,
    terminal_hours: row.terminal_hours,
    cimp_code: row.cimp_code,
    cimp_email: row.cimp_email,
    cimp_sita: row.cimp_sita,
    maildomain: row.maildomain,
    web_link: row.web_link,
    notes: row.notes,
    interline_agreements: row.interline_agreements,
  };
}

export function presentCompany(row: CompanyRow): Company {
  return {
    ...presentCompanyListItem(row),
    ...presentCompanyDetails(row),
    ui_settings: presentUiSettings(row.ui_settings),
  };
}
