import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-lg font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <Link to="/" className="mt-4 inline-block rounded-md bg-accent-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-accent-800">
        Go to the start page
      </Link>
    </div>
  );
}
