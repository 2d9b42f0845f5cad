'use client';

import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorCopy } from '@/components/states/error-copy';
import { callApi } from '@/lib/endpoints/client';
import { dashboardKeys } from '@/lib/queries/keys';
import type { AccountMapData } from '@/lib/reports/journal-schemas';

const OWN = '';

/**
 * The books currency (owners and admins): the currency every shop's journal is kept in. A shop in
 * another currency posts its journal converted at your exchange rates, day by day as All shops
 * converts; none: each journal in its shop's currency.
 */
export function BooksCurrency({ shopId, data }: { shopId: string; data: AccountMapData }) {
  const client = useQueryClient();
  const [choice, setChoice] = useState(data.booksCurrency ?? OWN);
  const save = useMutation({
    mutationFn: (currency: string | null) => callApi('PUT books/currency', { body: { currency } }),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.journalAccounts(shopId) }),
  });
  const choices = [...new Set([...data.currencies, data.booksCurrency ?? data.shopCurrency])].sort();
  const current = data.booksCurrency ?? OWN;
  const converted = data.booksCurrency !== null && data.booksCurrency !== data.shopCurrency;
  return (
    <section className="journal-currency" aria-labelledby="books-currency-title">
      <h2 id="books-currency-title" className="subheading">
        Books currency
      </h2>
      <p className="muted note">
        {data.booksCurrency === null
          ? `Each shop’s journal is in its own currency (this shop’s: ${data.shopCurrency}). Keep the books in one currency to have every shop’s journal converted into it at your exchange rates.`
          : converted
            ? `Your books are kept in ${data.booksCurrency}: this shop’s journal is converted from ${data.shopCurrency} at your exchange rates, each rate period on lines of its own, the rounding on a line of its own.`
            : `Your books are kept in ${data.booksCurrency}, this shop’s own currency: its journal is not converted; shops in other currencies post theirs converted at your exchange rates.`}
      </p>
      {data.canEdit ? (
        <div className="journal-actions">
          <label className="inline-field">
            Keep the books in
            <select className="select" value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value={OWN}>Each shop’s own currency</option>
              {choices.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn"
            disabled={choice === current || save.isPending}
            onClick={() => save.mutate(choice === OWN ? null : choice)}
          >
            Save the books currency
          </button>
        </div>
      ) : null}
      {save.isError ? (
        <p role="alert" className="export-error negative">
          {errorCopy(save.error).message}
        </p>
      ) : null}
    </section>
  );
}
