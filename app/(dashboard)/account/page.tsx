import type { Metadata } from 'next';
import { AccountView } from '@/components/team/account-view';
import { StoreDownPage } from '@/components/states/store-down-page';
import { pageSessionOrStoreDown } from '@/lib/server/page-session';

export const metadata: Metadata = { title: 'Your account' };
export const dynamic = 'force-dynamic';

export default async function AccountPage() {
  const session = await pageSessionOrStoreDown('/account');
  if (session === 'store-down') return <StoreDownPage />;
  const { name, email, role, seesProfit, shops, locale } = session.person;
  return <AccountView name={name} email={email} role={role} seesProfit={seesProfit} shops={shops} locale={locale} />;
}
