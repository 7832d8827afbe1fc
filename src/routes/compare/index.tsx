import { createFileRoute } from '@tanstack/react-router';

/**
 * PLACEHOLDER (branch "neighbours" only, so links to `/compare?call=…&with=…` type-check): the
 * comparison page's own route, from the compare-page branch, replaces this file on merge.
 */
const id = (value: unknown) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

export const Route = createFileRoute('/compare/')({
  validateSearch: (search: Record<string, unknown>): { call?: number; with?: number } => ({ call: id(search.call), with: id(search.with) }),
  component: () => <p className="text-sm">The comparison of two calls is not on this build yet.</p>,
});
