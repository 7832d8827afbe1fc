import { createFileRoute } from '@tanstack/react-router';
import { transcriptListQuery, TranscriptsPage } from '../../features/documents/transcripts-page.tsx';
import { validateTranscriptSearch, type TranscriptSearch } from '../../features/documents/transcript-search.ts';

export const Route = createFileRoute('/transcripts/')({
  /** Every filter of endpoint 11 lives in the URL; an unreadable value is dropped, never the page. */
  validateSearch: (search: Record<string, unknown>): TranscriptSearch => validateTranscriptSearch(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchInfiniteQuery(transcriptListQuery(deps)),
  component: Transcripts,
});

function Transcripts() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TranscriptsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
