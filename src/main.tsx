import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isApiError } from './api/api-error.ts';
import { createQueryClient } from './api/query-client.ts';
import { startCompanyIndexInBackground } from './features/company-search/lazy.tsx';
import { createAppRouter } from './router.tsx';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root') as HTMLElement, {
  // A failed read that a route's error page shows (an ApiError: 401, 5xx, network…) is expected and
  // already explained on screen; anything else an error boundary catches is a bug worth logging.
  onCaughtError: (error, info) => {
    if (isApiError(error)) return;
    console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

startCompanyIndexInBackground();
