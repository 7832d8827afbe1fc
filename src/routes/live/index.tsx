import { createFileRoute } from '@tanstack/react-router';
import { LiveIndexPage } from '../../features/live/live-index-page.tsx';

export const Route = createFileRoute('/live/')({
  component: LiveIndexPage,
});
