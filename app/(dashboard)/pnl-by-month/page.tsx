import type { Metadata } from 'next';
import { PnlByMonthView } from '@/components/pnl-by-month/pnl-by-month-view';

export const metadata: Metadata = { title: 'P&L by month' };

/** The profit-and-loss statement month by month, from the local order store; the view reads its state from the URL. */
export default function PnlByMonthPage() {
  return <PnlByMonthView />;
}
