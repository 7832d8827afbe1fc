import { createFileRoute } from '@tanstack/react-router';
import { TranscriptsPage } from '../../features/documents/transcripts-page.tsx';
import { transcriptListQuery, validateTranscriptSearch, type TranscriptSearch } from '../../features/documents/transcript-search.ts';

export const Route = createFileRoute('/transcripts/')({
  /** Every filter of endpoint 11 lives in the URL; an unreadable value is dropped, never the page. */
  validateSearch: (search: Record<string, unknown>): TranscriptSearch => validateTranscriptSearch(search),
  // The router passes unknown params through from the root: read only what validation keeps.
  loaderDeps: ({ search }) => validateTranscriptSearch(search),
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchInfiniteQuery(transcriptListQuery(deps)),
  component: Transcripts,
});

function Transcripts() {
  const search = validateTranscriptSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  return <TranscriptsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
