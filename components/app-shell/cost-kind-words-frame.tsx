import 'server-only';
import type { ReactNode } from 'react';
import { CHARGED_KINDS, YOUR_COSTS_COUNTED } from '@/lib/costs/kinds';
import { CostKindWordsProvider } from './cost-kind-words';

/**
 * The cost kinds' words, read from the registry here on the server and handed to the pages below:
 * the registry's kinds carry their schemas and CSV readers, which a page that only names them
 * does not load.
 */
export function CostKindWordsFrame({ children }: { children: ReactNode }) {
  return (
    <CostKindWordsProvider words={{ counted: YOUR_COSTS_COUNTED, charged: CHARGED_KINDS }}>
      {children}
    </CostKindWordsProvider>
  );
}
