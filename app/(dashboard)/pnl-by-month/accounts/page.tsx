import type { Metadata } from 'next';
import { JournalAccountsView } from '@/components/pnl-by-month/journal-accounts-view';

export const metadata: Metadata = { title: 'Journal accounts' };

/** The account each line of the P&L by month posts to in a journal (the page's permission is the P&L's). */
export default function JournalAccountsPage() {
  return <JournalAccountsView />;
}
