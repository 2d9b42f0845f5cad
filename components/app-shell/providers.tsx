'use client';

import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NuqsAdapter } from 'nuqs/adapters/next/app';
import { makeQueryClient } from '@/lib/queries/query-client';

/** One QueryClient per browser tab (never shared between requests on the server). */
export function DashboardProviders({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <NuqsAdapter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </NuqsAdapter>
  );
}
