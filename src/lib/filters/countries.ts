/**
 * The officially assigned ISO 3166-1 alpha-2 codes (249). Reserved and user-assigned codes (XK, XX,
 * UK, EU) are not countries a listing can have, so a filter refuses them.
 */
const ASSIGNED = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW`;

export const COUNTRY_CODES: ReadonlySet<string> = new Set(ASSIGNED.trim().split(/\s+/));

/** "us" → "US"; null when the code is not an assigned ISO 3166-1 alpha-2 code. */
export function readCountry(item: string): string | null {
  const code = item.toUpperCase();
  return COUNTRY_CODES.has(code) ? code : null;
}

let regionNames: Intl.DisplayNames | null | undefined;

/**
 * "SE" → "Sweden" (English names from the browser's Intl data); the code itself where the browser
 * has no name for it or it is not a two-letter code; "—" when there is none. The one country name
 * rule: filters, chips, the companies table and a company's header.
 */
export function countryName(code: string | null | undefined): string {
  if (!code?.trim()) return '—';
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      regionNames = null;
    }
  }
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

let options: { value: string; label: string }[] | null = null;

/** Every assigned country, named, in alphabetical order of its name. */
export function countryOptions(): readonly { value: string; label: string }[] {
  options ??= [...COUNTRY_CODES].map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return options;
}
