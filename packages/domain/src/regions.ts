/**
 * Customs regions whose addresses need a post code (seed 001 section 5): GB takes in the Crown Dependencies, whose
 * addresses use UK-format post codes; the EU is its 27 member states. The reference book `custom_regions` is built
 * from this table, and the contract schemas check post codes against it.
 */
export const CUSTOM_REGIONS = [
  {
    code: 'EU',
    name: 'European Union',
    countries: [
      'AT',
      'BE',
      'BG',
      'CY',
      'CZ',
      'DE',
      'DK',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'HU',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SE',
      'SI',
      'SK',
    ],
  },
  { code: 'GB', name: 'United Kingdom', countries: ['GB', 'GG', 'IM', 'JE'] },
] as const satisfies readonly { code: string; name: string; countries: readonly string[] }[];

const POST_CODE_COUNTRIES: ReadonlySet<string> = new Set(CUSTOM_REGIONS.flatMap((r) => r.countries));

/** The custom region (GB or EU) of an ISO alpha-2 country, or null outside them. */
export function customRegionOf(country: string | null | undefined): string | null {
  if (!country) return null;
  const upper = country.toUpperCase();
  return CUSTOM_REGIONS.find((r) => (r.countries as readonly string[]).includes(upper))?.code ?? null;
}

/** True when an address in this country needs a post code. */
export function postCodeRequired(country: string | null | undefined): boolean {
  return Boolean(country) && POST_CODE_COUNTRIES.has(String(country).toUpperCase());
}
