import { Link } from '@tanstack/react-router';
import { buttonClass } from './ui/button.tsx';

export function NotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-lg font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <Link to="/" className={buttonClass({ variant: 'primary', className: 'mt-4' })}>
        Go to the start page
      </Link>
    </div>
  );
}
