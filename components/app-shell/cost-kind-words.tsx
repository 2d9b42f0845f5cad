'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { CostKindId } from '@/lib/costs/kinds';

/**
 * The seller's cost kinds in the words pages show, computed on the server from the registry
 * (lib/costs/kinds) by the dashboard's frame (./cost-kind-words-frame). The registry's kinds carry their schemas and backup
 * readers (zod, papaparse); a page that only names them gets the words, so adding a kind still
 * touches its own kind file and the registry alone.
 */
export interface CostKindWords {
  /** What "your costs" counts, every kind named: "ad spend, other expenses, COGS by date, …". */
  counted: string;
  /** The P&L words of each kind charged per unit or order line (its line, its column), in the registry's order. */
  charged: readonly { id: CostKindId; label: string }[];
}

const CostKindWordsContext = createContext<CostKindWords>({ counted: '', charged: [] });

export function CostKindWordsProvider({ words, children }: { words: CostKindWords; children: ReactNode }) {
  return <CostKindWordsContext.Provider value={words}>{children}</CostKindWordsContext.Provider>;
}

export function useCostKindWords(): CostKindWords {
  return useContext(CostKindWordsContext);
}
