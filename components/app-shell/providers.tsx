'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NuqsAdapter } from 'nuqs/adapters/next/app';
import { ClosedMonthsPromptProvider } from '@/components/closed-months/closed-months-prompt';
import { makeQueryClient } from '@/lib/queries/query-client';
import { LocaleProvider, type LocaleChoice } from './locale-provider';

/** One QueryClient per browser tab (never shared between requests on the server). */
export function DashboardProviders({ locale, children }: { locale: LocaleChoice; children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  // Marks the page as interactive (effects run once the tree has hydrated): what a browser test
  // waits for before typing, since a controlled input typed into before hydration is reset by it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <LocaleProvider {...locale}>
      <NuqsAdapter>
        <QueryClientProvider client={client}>
          <ClosedMonthsPromptProvider>{children}</ClosedMonthsPromptProvider>
        </QueryClientProvider>
      </NuqsAdapter>
    </LocaleProvider>
  );
}
