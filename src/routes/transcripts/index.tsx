import { createFileRoute } from '@tanstack/react-router';
import { transcriptFilters, transcriptListQuery } from '../../features/documents/transcript-list-filters.ts';
import { TranscriptsPage } from '../../features/documents/transcripts-page.tsx';

export const Route = createFileRoute('/transcripts/')({
  validateSearch: transcriptFilters.validateSearch,
  loaderDeps: ({ search }) => {
    const { filters, direction } = transcriptFilters.parse(search);
    return { filters, direction };
  },
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchInfiniteQuery(transcriptListQuery(deps)),
  component: TranscriptsPage,
});
