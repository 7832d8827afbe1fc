/**
 * A company's listings as a reader wants them. The service adds a generic `BASE` listing beside a
 * ticker's real ones (`AAPL · BASE` next to `AAPL · NasdaqGS`): it names no market, so it is not
 * shown nor offered as an exchange. A ticker known only by its base listing keeps its ticker with
 * no exchange.
 */

export const GENERIC_EXCHANGE = 'BASE';

export interface Listing {
  ticker: string;
  exchange: string;
}

export function isGenericExchange(exchange: string): boolean {
  return exchange.trim().toUpperCase() === GENERIC_EXCHANGE;
}

export function realListings<T extends Listing>(tickers: readonly T[]): T[] {
  const listed = new Set(tickers.filter((t) => !isGenericExchange(t.exchange)).map((t) => t.ticker.toUpperCase()));
  const result: T[] = [];
  const kept = new Set<string>();
  for (const t of tickers) {
    if (!isGenericExchange(t.exchange)) result.push(t);
    else if (!listed.has(t.ticker.toUpperCase()) && !kept.has(t.ticker.toUpperCase())) {
      kept.add(t.ticker.toUpperCase());
      result.push({ ...t, exchange: '' });
    }
  }
  return result;
}
