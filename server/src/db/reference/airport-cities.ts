/**
 * IATA metropolitan (multi-airport) city codes and the airports they group. Bookings and Type B addresses use the city
 * code (`MOW`, `QK MOWFMSU`), so an airport must know its city; an airport not listed here is its own city.
 */
export const METRO_CITIES: Readonly<Record<string, readonly string[]>> = {
  BAK: ['GYD'],
  BFS: ['BFS', 'BHD'],
  BJS: ['PEK', 'PKX'],
  BKK: ['BKK', 'DMK'],
  BUE: ['EZE', 'AEP'],
  BUH: ['OTP', 'BBU'],
  CHI: ['ORD', 'MDW'],
  DFW: ['DFW', 'DAL'],
  DTT: ['DTW'],
  DXB: ['DXB', 'DWC'],
  HOU: ['IAH', 'HOU'],
  IST: ['IST', 'SAW'],
  JKT: ['CGK', 'HLP'],
  JNB: ['JNB', 'HLA'],
  LON: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'],
  MEX: ['MEX', 'NLU'],
  MIL: ['MXP', 'LIN', 'BGY'],
  MOW: ['SVO', 'DME', 'VKO', 'ZIA'],
  NGO: ['NGO', 'NKM'],
  NYC: ['JFK', 'LGA', 'EWR'],
  ORL: ['MCO', 'ORL'],
  OSA: ['KIX', 'ITM', 'UKB'],
  PAR: ['CDG', 'ORY', 'LBG'],
  REK: ['KEF', 'RKV'],
  RIO: ['GIG', 'SDU'],
  ROM: ['FCO', 'CIA'],
  SAO: ['GRU', 'CGH', 'VCP'],
  SEL: ['ICN', 'GMP'],
  SHA: ['PVG', 'SHA'],
  SPK: ['CTS', 'OKD'],
  STO: ['ARN', 'BMA', 'NYO', 'VST'],
  TCI: ['TFN', 'TFS'],
  THR: ['IKA', 'THR'],
  TPE: ['TPE', 'TSA'],
  TYO: ['NRT', 'HND'],
  WAS: ['IAD', 'DCA', 'BWI'],
  WAW: ['WAW', 'WMI'],
  YEA: ['YEG'],
  YMQ: ['YUL', 'YMX'],
  YTO: ['YYZ', 'YTZ'],
};

/** City entries that are not airports but stand for all airports of their city; seed 001 asks for Moscow's. */
export const SYNTHETIC_CITIES = [
  {
    iata: 'MOW',
    icao: null,
    name: 'Moscow',
    full_name: 'Moscow, all airports',
    cyrillic_name: 'Москва',
    city_code: 'MOW',
    city_name: 'Moscow',
    cyrillic_city_name: 'Москва',
    country_code: 'RU',
    latitude: 55.755833,
    longitude: 37.617222,
    timezone: 'Europe/Moscow',
  },
] as const;

/** The codes of the synthetic city entries, which the API marks as separators (group headers) in pickers. */
export const SYNTHETIC_CITY_CODES: ReadonlySet<string> = new Set(SYNTHETIC_CITIES.map((c) => c.iata));
