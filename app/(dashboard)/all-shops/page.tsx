import type { Metadata } from 'next';
import { AllShopsView } from '@/components/all-shops/all-shops-view';

export const metadata: Metadata = { title: 'All shops' };

/** Every shop of the key in one currency; the view reads its state from the URL. */
export default function AllShopsPage() {
  return <AllShopsView />;
}
