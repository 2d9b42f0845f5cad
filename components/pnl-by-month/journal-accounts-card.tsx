'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '@/components/app-shell/page-heading';
import { errorCopy } from '@/components/states/error-copy';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { callApi, type ApiBody } from '@/lib/endpoints/client';
import type { ConnectedShop } from '@/lib/api/schemas';
import { dashboardKeys } from '@/lib/queries/keys';
import { journalAccountsQueryOptions } from '@/lib/queries/options';
import { AccountRow, draftOf, isChanged, problemOf, type AccountDraft } from './journal-account-row';
import { BooksCurrency } from './books-currency';
import { say } from './messages';

type Scope = 'shop' | 'every-shop';
type AccountChanges = ApiBody<'PUT shops/[shopId]/books/accounts'>['accounts'];

/**
 * The account each line of the P&L by month posts to in the shop's journal (the mapping screen):
 * every line and counter-entry with its account, its name and tax rate, or "not posted", and where
 * it comes from; owners and admins change them for this shop or for every shop.
 */
export function JournalAccountsCard({ shop }: { shop: ConnectedShop }) {
  const client = useQueryClient();
  const query = useQuery(journalAccountsQueryOptions(shop.id));
  const [drafts, setDrafts] = useState<Record<string, AccountDraft>>({});
  const [scope, setScope] = useState<Scope>('shop');
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const save = useMutation({
    mutationFn: (accounts: AccountChanges) =>
      callApi('PUT shops/[shopId]/books/accounts', { params: { shopId: shop.id }, body: { accounts } }),
    onSuccess: (data) => client.setQueryData(dashboardKeys.journalAccounts(shop.id), data),
  });

  const data = query.data;
  const accounts = data?.accounts ?? [];
  const changed = accounts.filter((a) => drafts[a.key] && isChanged(a, drafts[a.key]!));
  const problems = changed.filter((a) => problemOf(a, drafts[a.key]!) !== null);

  async function send(body: AccountChanges, done: string) {
    setNotice(null);
    try {
      await save.mutateAsync(body);
      setDrafts({});
      setNotice({ text: done, error: false });
    } catch (error) {
      setNotice({ text: errorCopy(error).message, error: true });
    }
  }

  const saveChanges = () =>
    send(
      changed.map((a) => {
        const d = drafts[a.key]!;
        return d.notPosted
          ? { key: a.key, scope, choice: 'not-posted' }
          : { key: a.key, scope, choice: 'account', code: d.code, name: d.name, taxRate: d.taxRate };
      }),
      say('accountsSaved', { count: { count: changed.length }, scope: { text: scope }, shop: { text: shop.shopName } }),
    );

  return (
    <section className="card page-card" aria-labelledby="accounts-title">
      <PageHeading
        id="accounts-title"
        title="Journal accounts"
        summary={`${shop.shopName}: the account each line of the P&L by month posts to`}
        actions={<Link href={`/pnl-by-month?shop=${encodeURIComponent(shop.id)}`}>Back to the P&L by month</Link>}
      />
      <p className="muted note">
        Codes as in your chart of accounts (Xero imports codes, QuickBooks names). A line posts its amount to its
        account and the other side to marketplace clearing, which the marketplace’s payouts settle; cost of goods comes
        out of inventory, as do samples’ cost of goods. A row without a tax rate takes{' '}
        {data?.defaultTaxRate ?? 'the shop’s country’s rate of no tax'}. Your own costs are not posted by default: they
        are in your books already from their bills. Until you save, the default chart applies; a choice for every shop
        applies where this shop has none of its own.
      </p>
      {data && !data.canEdit ? (
        <p className="muted note">Only the owner and admins set the accounts; you can read them and export journals.</p>
      ) : null}
      {notice ? (
        <p className={notice.error ? 'export-error negative' : 'muted note'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      {query.isError && !data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <LoadingSkeleton label="Loading the accounts…" rows={6} />
      ) : (
        <>
          <BooksCurrency key={data.booksCurrency ?? ''} shopId={shop.id} data={data} />
          {data.canEdit ? (
            <div className="journal-actions">
              <label className="inline-field">
                Save for
                <select className="select" value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
                  <option value="shop">{shop.shopName} only</option>
                  <option value="every-shop">Every shop</option>
                </select>
              </label>
              <button
                type="button"
                className="btn btn-primary"
                disabled={changed.length === 0 || problems.length > 0 || save.isPending}
                onClick={() => void saveChanges()}
              >
                {changed.length === 0 ? 'No changes' : say('saveChanges', { count: { count: changed.length } })}
              </button>
              {changed.length > 0 ? (
                <button type="button" className="btn" onClick={() => setDrafts({})}>
                  Discard changes
                </button>
              ) : null}
            </div>
          ) : null}
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Journal accounts table">
            <table className="journal-accounts">
              <caption className="visually-hidden">Journal accounts of {shop.shopName}</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Account code</th>
                  <th scope="col">Account name</th>
                  <th scope="col">Tax rate</th>
                  <th scope="col">Not posted</th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((a) => (
                  <AccountRow
                    key={a.key}
                    account={a}
                    draft={drafts[a.key] ?? draftOf(a)}
                    editable={data.canEdit}
                    shopName={shop.shopName}
                    defaultTaxRate={data.defaultTaxRate}
                    busy={save.isPending}
                    onDraft={(d) => setDrafts((all) => ({ ...all, [a.key]: d }))}
                    onReset={() =>
                      void send(
                        [{ key: a.key, scope: a.source === 'shop' ? 'shop' : 'every-shop', choice: 'inherit' }],
                        `${a.label}: back to ${a.source === 'shop' ? 'every shop’s choice or the default' : 'the default'}.`,
                      )
                    }
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
