import { createFileRoute } from '@tanstack/react-router';
import { TodayPanel } from '../features/calendar/today-panel.tsx';
import { TranscriptsTable } from '../features/documents/transcripts-table.tsx';
import { HomePage, type HomeTables } from '../features/home/home-page.tsx';
import { latestRecordingsQuery, latestTranscriptsQuery } from '../features/home/home-queries.ts';
import { RecordingsTable } from '../features/recordings/recordings-table.tsx';
import { getWatchlist } from '../lib/watchlist.ts';

const tables: HomeTables = {
  recordings: (recordings, caption) => <RecordingsTable recordings={recordings} caption={caption} />,
  transcripts: (transcripts, caption) => <TranscriptsTable transcripts={transcripts} caption={caption} />,
};

export const Route = createFileRoute('/')({
  // Every list starts at once, without blocking: each panel shows its own loading and error state.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(latestRecordingsQuery());
    void queryClient.prefetchQuery(latestTranscriptsQuery());
    const watched = getWatchlist().map((c) => c.id);
    if (watched.length > 0) {
      void queryClient.prefetchQuery(latestRecordingsQuery(watched));
      void queryClient.prefetchQuery(latestTranscriptsQuery(watched));
    }
  },
  component: () => <HomePage tables={tables} today={<TodayPanel />} />,
});
