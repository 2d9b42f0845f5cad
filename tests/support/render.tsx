import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NuqsTestingAdapter, type OnUrlUpdateFunction } from 'nuqs/adapters/testing';
import { render, type RenderResult } from '@testing-library/react';

// The one render helper of component tests: a fresh QueryClient without retries (a failing query
// fails at once) and an in-memory URL for nuqs.

export interface RenderOptions {
  /** The URL's query string the component starts with, e.g. "?shop=s1&page=2". */
  searchParams?: string;
  onUrlUpdate?: OnUrlUpdateFunction;
}

export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <NuqsTestingAdapter searchParams={options.searchParams ?? ''} onUrlUpdate={options.onUrlUpdate}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </NuqsTestingAdapter>
    );
  }
  return Object.assign(render(ui, { wrapper: Wrapper }), { queryClient });
}
