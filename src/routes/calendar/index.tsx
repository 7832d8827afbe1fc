import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CalendarPage } from '../../features/calendar/calendar-page.tsx';
import { validateCalendarSearch, type CalendarAddress } from '../../features/calendar/calendar-search.ts';
import { useIndexFacets } from '../../features/company-search/use-company-search.ts';

export const Route = createFileRoute('/calendar/')({
  validateSearch: validateCalendarSearch,
  component: CalendarRoute,
});

/** The exchanges the company index knows come from the search feature. */
function CalendarRoute() {
  const address = Route.useSearch();
  const navigate = useNavigate({ from: '/calendar/' });
  return (
    <CalendarPage
      address={address}
      onNavigate={(next: CalendarAddress, options) => void navigate({ search: next, resetScroll: !options?.keepScroll })}
      seenExchanges={useIndexFacets().exchanges}
    />
  );
}
