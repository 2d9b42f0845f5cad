import type { Metadata } from 'next';
import { SettlementView } from '@/components/settlement/settlement-view';

export const metadata: Metadata = { title: 'Settlement' };

/** How far estimated profit moved at settlement, from the local order store; the view reads its state from the URL. */
export default function SettlementPage() {
  return <SettlementView />;
}
