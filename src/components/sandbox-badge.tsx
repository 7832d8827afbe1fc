import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Badge } from './ui/badge.tsx';

/** "Sandbox data" when the server has no API key and answers from its embedded sandbox. */

const appConfigSchema = z.object({ dataSource: z.enum(['sandbox', 'upstream']) });

export const appConfigQuery = {
  queryKey: ['app-config'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const response = await fetch('/app-config.json', { signal });
    if (!response.ok) throw new Error(`app config: ${response.status}`);
    return appConfigSchema.parse(await response.json());
  },
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 1,
};

export function SandboxBadge() {
  const { data } = useQuery(appConfigQuery);
  if (data?.dataSource !== 'sandbox') return null;
  return (
    <Badge tone="warning" title="No API key is configured: the app shows generated sample data from its embedded sandbox.">
      Sandbox data
    </Badge>
  );
}
