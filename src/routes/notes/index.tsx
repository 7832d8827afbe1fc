import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { validateNotesAddress, type NotesAddress } from '../../features/notes/notes-address.ts';
import { NotesPage } from '../../features/notes/notes-page.tsx';

export const Route = createFileRoute('/notes/')({
  validateSearch: validateNotesAddress,
  component: NotesRoute,
});

function NotesRoute() {
  const address = Route.useSearch();
  const navigate = useNavigate({ from: '/notes/' });
  return <NotesPage address={address} onNavigate={(next: NotesAddress) => void navigate({ search: next, replace: true })} />;
}
