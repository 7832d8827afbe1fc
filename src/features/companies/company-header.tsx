import type { Company } from '../../api/schemas.ts';
import { companyLabel, textOr } from '../../lib/format.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { addToWatchlist, removeFromWatchlist, useWatchlist } from '../../lib/watchlist.ts';
import { countryName } from '../../lib/filters/countries.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { SearchBox } from '../../components/search-link.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';

/** Names, country, listings and identifiers of a company, with copy buttons, the watchlist star and a search of its calls. */
export function CompanyHeader({ company }: { company: Company }) {
  usePageTitle(companyLabel(company));
  const backlink = safeHttpUrl(company.backlinkUrl);
  return (
    <header className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-xl font-semibold tracking-tight">{companyLabel(company)}</h1>
          {company.name?.trim() && company.name !== companyLabel(company) && (
            <p className="break-words text-sm text-slate-700 dark:text-slate-300">{company.name}</p>
          )}
        </div>
        <WatchButton company={company} />
      </div>
      <dl className="mt-4 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4 [&>div]:min-w-0">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">Country</dt>
          <dd>
            {countryName(company.country)}
            {company.country?.trim() && countryName(company.country) !== company.country && (
              <span className="text-slate-500 dark:text-slate-400"> ({company.country})</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">Listings</dt>
          <dd>
            {company.tickers.length === 0 ? (
              '—'
            ) : (
              <ul className="flex flex-wrap gap-1.5">
                {company.tickers.map((t, index) => (
                  <li
                    key={`${index}:${t.ticker}:${t.exchange}`}
                    className="min-w-0 max-w-full break-all rounded border border-slate-200 px-1.5 py-0.5 text-xs dark:border-slate-700"
                  >
                    <span className="font-mono font-semibold">{textOr(t.ticker)}</span>{' '}
                    <span className="text-slate-600 dark:text-slate-400">on {textOr(t.exchange)}</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">ISINs</dt>
          <dd>
            {company.isins.length === 0 ? (
              '—'
            ) : (
              <ul className="space-y-1">
                {company.isins.map((isin, index) => (
                  <li key={`${index}:${isin}`} className="flex items-center gap-2">
                    <span className="min-w-0 break-all font-mono text-xs">{textOr(isin)}</span>
                    <CopyButton text={isin} label={`Copy ISIN ${isin}`} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">Source</dt>
          <dd>
            {backlink ? (
              <a href={backlink} target="_blank" rel="noopener noreferrer" className={textLinkClass({ strong: false, underlined: true })}>
                Company page at the source<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <span className="text-slate-500 dark:text-slate-400">No usable link</span>
            )}
          </dd>
        </div>
      </dl>
      <SearchBox label="Search this company's calls" filters={{ companyIds: [company.id] }} className="mt-4 max-w-md" />
    </header>
  );
}

function WatchButton({ company }: { company: Company }) {
  const watchlist = useWatchlist();
  const watched = watchlist.some((c) => c.id === company.id);
  return (
    <button
      type="button"
      aria-pressed={watched}
      onClick={() => (watched ? removeFromWatchlist(company.id) : addToWatchlist({ id: company.id, displayName: companyLabel(company) }))}
      className={buttonClass({
        // Pressed: the star fills and the button takes the warning tone, like the watchlist's marks elsewhere.
        className:
          'aria-pressed:border-amber-300 aria-pressed:bg-amber-50 aria-pressed:text-amber-900 dark:aria-pressed:border-amber-700 dark:aria-pressed:bg-amber-950/50 dark:aria-pressed:text-amber-100',
      })}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill={watched ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5">
        <path d="m10 2.5 2.3 4.8 5.2.7-3.8 3.6.9 5.2L10 14.3l-4.6 2.5.9-5.2-3.8-3.6 5.2-.7L10 2.5Z" strokeLinejoin="round" />
      </svg>
      Watchlist
    </button>
  );
}
