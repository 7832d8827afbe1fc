/**
 * Exchange symbols as the service writes them (NasdaqGS, LSE, XETRA …) and what an analyst calls
 * them. A symbol not in the table is shown as it is.
 */
const EXCHANGE_NAMES: Readonly<Record<string, string>> = {
  NasdaqGS: 'Nasdaq Global Select',
  NasdaqGM: 'Nasdaq Global Market',
  NasdaqCM: 'Nasdaq Capital Market',
  NYSE: 'New York Stock Exchange',
  NYSEAmerican: 'NYSE American',
  OTC: 'Over the counter',
  LSE: 'London Stock Exchange',
  AIM: 'London AIM',
  XETRA: 'Xetra (Frankfurt)',
  FWB: 'Frankfurt Stock Exchange',
  ENXTPA: 'Euronext Paris',
  ENXTAM: 'Euronext Amsterdam',
  BME: 'Madrid Stock Exchange',
  SWX: 'SIX Swiss Exchange',
  OM: 'Nasdaq Stockholm',
  CPSE: 'Nasdaq Copenhagen',
  OB: 'Oslo Børs',
  TSE: 'Tokyo Stock Exchange',
  TSX: 'Toronto Stock Exchange',
  TSXV: 'TSX Venture Exchange',
  ASX: 'Australian Securities Exchange',
};

/** "LSE" → "London Stock Exchange"; an unknown symbol as written. Case-insensitive, as the API matches. */
export function exchangeName(symbol: string): string {
  const known = Object.keys(EXCHANGE_NAMES).find((key) => key.toLowerCase() === symbol.toLowerCase());
  return known ? EXCHANGE_NAMES[known]! : symbol;
}

/** The exchanges to offer: the known ones and any others seen (e.g. in the company index), named, by name. */
export function exchangeOptions(seen: readonly string[] = []): { value: string; label: string }[] {
  const symbols = new Map<string, string>();
  for (const symbol of [...Object.keys(EXCHANGE_NAMES), ...seen]) if (!symbols.has(symbol.toLowerCase())) symbols.set(symbol.toLowerCase(), symbol);
  return [...symbols.values()].map((value) => ({ value, label: exchangeName(value) })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
}
