import { createFileRoute } from '@tanstack/react-router';
import { recordingFilters, recordingListQuery } from '../../features/recordings/recording-list-filters.ts';
import { RecordingsPage } from '../../features/recordings/recordings-page.tsx';

export const Route = createFileRoute('/recordings/')({
  validateSearch: recordingFilters.validateSearch,
  loaderDeps: ({ search }) => {
    const { filters, direction } = recordingFilters.parse(search);
    return { filters, direction };
  },
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchInfiniteQuery(recordingListQuery(deps)),
  component: RecordingsPage,
});
