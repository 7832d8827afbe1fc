import { Button } from './ui/button.tsx';

/** The end of every list page's filter form: apply what was typed, or clear every filter. */
export function FilterFormActions({ onClear, className = 'flex flex-wrap items-center gap-2' }: { onClear: () => void; className?: string }) {
  return (
    <div className={className}>
      <Button type="submit" variant="primary" size="md">
        Apply filters
      </Button>
      <Button size="md" onClick={onClear}>
        Clear all
      </Button>
    </div>
  );
}
