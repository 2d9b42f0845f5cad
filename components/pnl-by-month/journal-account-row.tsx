'use client';

import type { AccountMapData } from '@/lib/reports/journal-schemas';
import { ACCOUNT_CODE_MESSAGE, ACCOUNT_CODE_RULE } from '@/lib/reports/journal-constants';

type Account = AccountMapData['accounts'][number];

/** What the row's fields hold while the seller edits. */
export interface AccountDraft {
  code: string;
  name: string;
  taxRate: string;
  notPosted: boolean;
}

export function draftOf(a: Account): AccountDraft {
  return {
    code: a.code ?? '',
    name: a.name ?? '',
    taxRate: a.taxRate ?? '',
    notPosted: a.source !== null && a.code === null,
  };
}

export function isChanged(a: Account, d: AccountDraft): boolean {
  const now = draftOf(a);
  return (
    d.notPosted !== now.notPosted ||
    (!d.notPosted && (d.code !== now.code || d.name !== now.name || d.taxRate !== now.taxRate))
  );
}

/** Why a draft cannot be saved, or null. */
export function problemOf(_a: Account, d: AccountDraft): string | null {
  return d.notPosted || ACCOUNT_CODE_RULE.test(d.code.trim()) ? null : `The ${ACCOUNT_CODE_MESSAGE}.`;
}

const SOURCE_WORDS: Record<NonNullable<Account['source']>, string> = {
  default: 'Default',
  'every-shop': 'Every shop',
  shop: 'This shop',
};

export interface AccountRowProps {
  account: Account;
  draft: AccountDraft;
  editable: boolean;
  shopName: string;
  defaultTaxRate: string;
  busy: boolean;
  onDraft: (draft: AccountDraft) => void;
  onReset: () => void;
}

/** One line's account: its fields (or their values when the person may not change them) and where it comes from. */
export function AccountRow({
  account: a,
  draft,
  editable,
  shopName,
  defaultTaxRate,
  busy,
  onDraft,
  onReset,
}: AccountRowProps) {
  const problem = isChanged(a, draft) ? problemOf(a, draft) : null;
  const errorId = `account-error-${a.key}`;
  const field = (name: 'code' | 'name' | 'taxRate', label: string, placeholder?: string) =>
    editable ? (
      <input
        className="input"
        aria-label={`${label} of ${a.label}`}
        value={draft[name]}
        placeholder={placeholder}
        disabled={draft.notPosted}
        aria-invalid={name === 'code' && problem !== null}
        aria-describedby={name === 'code' && problem ? errorId : undefined}
        onChange={(e) => onDraft({ ...draft, [name]: e.target.value })}
      />
    ) : (
      <span>{draft.notPosted ? '—' : draft[name] || (name === 'taxRate' ? defaultTaxRate : '—')}</span>
    );
  return (
    <tr data-key={a.key} className={a.role === 'contra' ? 'journal-contra' : undefined}>
      <th scope="row">
        {a.label}
        <span className="muted mono journal-key">{a.key}</span>
      </th>
      <td data-label="Account code">
        {field('code', 'Account code')}
        {problem ? (
          <span id={errorId} className="field-error" role="alert">
            {problem}
          </span>
        ) : null}
      </td>
      <td data-label="Account name">{field('name', 'Account name')}</td>
      <td data-label="Tax rate">{field('taxRate', 'Tax rate', defaultTaxRate)}</td>
      <td data-label="Not posted">
        {a.role === 'line' ? (
          <input
            type="checkbox"
            aria-label={`Do not post ${a.label}`}
            checked={draft.notPosted}
            disabled={!editable}
            onChange={(e) => onDraft({ ...draft, notPosted: e.target.checked })}
          />
        ) : (
          <span className="muted">always posted</span>
        )}
      </td>
      <td data-label="From">
        {a.source === null ? (
          <span className="badge badge-negative">Not set</span>
        ) : (
          <span className="badge" title={a.updatedBy ? `Set by ${a.updatedBy}` : undefined}>
            {a.source === 'shop' ? shopName : SOURCE_WORDS[a.source]}
          </span>
        )}
        {editable && (a.source === 'shop' || a.source === 'every-shop') ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            aria-label={`Reset ${a.label}`}
            onClick={onReset}
          >
            Reset
          </button>
        ) : null}
      </td>
    </tr>
  );
}
