import { Button } from '../../components/ui/button.tsx';

/** "Watchlist only": a toggle that narrows the calendar to the starred companies. */
export function WatchlistToggle({ pressed, count, onChange }: { pressed: boolean; count: number; onChange: (on: boolean) => void }) {
  return (
    <Button aria-pressed={pressed} variant={pressed ? 'primary' : 'secondary'} onClick={() => onChange(!pressed)}>
      <span aria-hidden="true">★</span> Watchlist only{count > 0 ? ` (${count})` : ''}
    </Button>
  );
}
