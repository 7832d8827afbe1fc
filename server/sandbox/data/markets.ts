/**
 * Where the fictional companies are listed. Exchange symbols follow the style of the real
 * service (NasdaqGS, NYSE, LSE, XETRA …); `OTC` stands for a generic secondary listing.
 */

export interface Market {
  country: string;
  countryName: string;
  /** Primary exchanges, with weights. */
  exchanges: readonly (readonly [string, number])[];
  currency: string;
  /** Legal-form suffixes for the company's legal name. */
  legalForms: readonly string[];
  /** Share of companies whose calls are held in English. */
  englishShare: number;
  language: string;
  /** Hour (UTC) at which this market's calls usually start. */
  callHoursUtc: readonly number[];
  /** Tickers are numeric codes on this market (e.g. Tokyo). */
  numericTickers?: boolean;
  /** Relative number of companies. */
  weight: number;
  /** Web domain suffix for investor-relations URLs. */
  tld: string;
}

export const MARKETS: readonly Market[] = [
  {
    country: 'US',
    countryName: 'United States',
    exchanges: [
      ['NasdaqGS', 5],
      ['NYSE', 5],
      ['NasdaqGM', 2],
      ['NasdaqCM', 1],
      ['NYSEAmerican', 1],
    ],
    currency: 'USD',
    legalForms: ['Inc.', 'Corporation', 'Holdings, Inc.', 'Corp.', 'Group, Inc.'],
    englishShare: 1,
    language: 'en',
    callHoursUtc: [13, 14, 21, 22],
    weight: 40,
    tld: 'com',
  },
  {
    country: 'GB',
    countryName: 'United Kingdom',
    exchanges: [
      ['LSE', 6],
      ['AIM', 2],
    ],
    currency: 'GBP',
    legalForms: ['plc', 'Group plc', 'Holdings plc'],
    englishShare: 1,
    language: 'en',
    callHoursUtc: [7, 8, 9],
    weight: 10,
    tld: 'co.uk',
  },
  {
    country: 'DE',
    countryName: 'Germany',
    exchanges: [
      ['XETRA', 6],
      ['FWB', 1],
    ],
    currency: 'EUR',
    legalForms: ['AG', 'SE', 'GmbH & Co. KGaA'],
    englishShare: 0.75,
    language: 'de',
    callHoursUtc: [7, 8, 12],
    weight: 8,
    tld: 'de',
  },
  {
    country: 'FR',
    countryName: 'France',
    exchanges: [['ENXTPA', 1]],
    currency: 'EUR',
    legalForms: ['SA', 'SE'],
    englishShare: 0.7,
    language: 'fr',
    callHoursUtc: [7, 16, 17],
    weight: 6,
    tld: 'fr',
  },
  {
    country: 'NL',
    countryName: 'Netherlands',
    exchanges: [['ENXTAM', 1]],
    currency: 'EUR',
    legalForms: ['N.V.', 'Holding N.V.'],
    englishShare: 1,
    language: 'en',
    callHoursUtc: [6, 7, 8],
    weight: 4,
    tld: 'nl',
  },
  {
    country: 'SE',
    countryName: 'Sweden',
    exchanges: [['OM', 1]],
    currency: 'SEK',
    legalForms: ['AB (publ)', 'AB'],
    englishShare: 0.85,
    language: 'sv',
    callHoursUtc: [7, 8, 9],
    weight: 6,
    tld: 'se',
  },
  {
    country: 'CH',
    countryName: 'Switzerland',
    exchanges: [['SWX', 1]],
    currency: 'CHF',
    legalForms: ['AG', 'SA', 'Holding AG'],
    englishShare: 0.9,
    language: 'en',
    callHoursUtc: [6, 7, 8],
    weight: 4,
    tld: 'ch',
  },
  {
    country: 'JP',
    countryName: 'Japan',
    exchanges: [['TSE', 1]],
    currency: 'JPY',
    legalForms: ['Co., Ltd.', 'Corporation', 'Holdings, Inc.'],
    englishShare: 0.4,
    language: 'ja',
    callHoursUtc: [6, 7, 9],
    numericTickers: true,
    weight: 6,
    tld: 'co.jp',
  },
  {
    country: 'CA',
    countryName: 'Canada',
    exchanges: [
      ['TSX', 4],
      ['TSXV', 1],
    ],
    currency: 'CAD',
    legalForms: ['Inc.', 'Ltd.', 'Corp.'],
    englishShare: 0.9,
    language: 'en',
    callHoursUtc: [13, 14, 21],
    weight: 5,
    tld: 'ca',
  },
  {
    country: 'AU',
    countryName: 'Australia',
    exchanges: [['ASX', 1]],
    currency: 'AUD',
    legalForms: ['Limited', 'Ltd', 'Group Limited'],
    englishShare: 1,
    language: 'en',
    callHoursUtc: [22, 23, 0],
    weight: 4,
    tld: 'com.au',
  },
  {
    country: 'DK',
    countryName: 'Denmark',
    exchanges: [['CPSE', 1]],
    currency: 'DKK',
    legalForms: ['A/S', 'Holding A/S'],
    englishShare: 0.9,
    language: 'en',
    callHoursUtc: [8, 9, 12],
    weight: 3,
    tld: 'dk',
  },
  {
    country: 'NO',
    countryName: 'Norway',
    exchanges: [['OB', 1]],
    currency: 'NOK',
    legalForms: ['ASA', 'AS'],
    englishShare: 0.85,
    language: 'no',
    callHoursUtc: [6, 7, 8],
    weight: 2,
    tld: 'no',
  },
  {
    country: 'ES',
    countryName: 'Spain',
    exchanges: [['BME', 1]],
    currency: 'EUR',
    legalForms: ['S.A.', 'S.A.U.'],
    englishShare: 0.6,
    language: 'es',
    callHoursUtc: [8, 9, 15],
    weight: 2,
    tld: 'es',
  },
];

/** Secondary listings: a US company rarely has one; a foreign company often lists an ADR/OTC line. */
export const SECONDARY_EXCHANGES: readonly (readonly [string, number])[] = [
  ['OTC', 6],
  ['NYSE', 2],
  ['NasdaqGS', 2],
  ['LSE', 1],
  ['XETRA', 1],
];
