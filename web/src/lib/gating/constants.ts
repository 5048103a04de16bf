// Hard-coded company lists the specification mentions without naming their members. Codes are lower case.
// Edit here: gating, the landing redirect and the sidebar all read these lists.

/** The one forwarder subdomain on which offers are available. */
export const OFFERS_SUBDOMAIN = 'cargoline';
/** The one airline subdomain on which feature requests are available. */
export const FEATURE_REQUESTS_SUBDOMAIN = 'su';
/** The one airline subdomain (besides no subdomain) on which baggage statistics can be created and edited. */
export const BAGGAGE_STATS_SUBDOMAIN = 'su';
/** The airline whose users create air waybills in the product. */
export const AWB_CREATE_CARRIER = 'su';
/** Airlines whose flights show the ACI tab. */
export const ACI_CARRIERS = ['su', 'fv'];
/** Airlines allowed to create and edit their own flights. */
export const SEGMENT_EDIT_CARRIERS = ['kc', 'r3', 'fv'];
/** Airlines whose admins manage users in the product (staging opens the page to every airline admin). */
export const USERS_PAGE_CARRIERS = ['su', 'kc'];
/** Airlines with balances (settlements) enabled. */
export const BALANCES_CARRIERS = ['kc', 'fv'];
/** Airlines configured for external tariffs (staging opens them to all). */
export const EXTERNAL_TARIFF_CARRIERS = ['su', 'kc'];
/** Airlines that have SSIM access of their own; their managers do not get the SSIM upload screen. */
export const SSIM_ACCESS_CARRIERS = ['su'];
/** Airlines whose forwarders do not get the parties screens. */
export const PARTIES_EXCLUDED_CARRIERS = ['su'];
/** Airline on which the Flights section and the general settings are closed to airline users. */
export const RESTRICTED_SETTINGS_CARRIER = 'su';
/** Airline on which the Flights sidebar section is hidden. */
export const FLIGHTS_HIDDEN_CARRIER = 'su';
