'use client';

import { useState, type FormEvent } from 'react';
import {
  alwaysSeesProfit,
  GRANTABLE_ROLES,
  roleLabel,
  roleSummary,
  seesAllShops,
  type GrantableRole,
} from '@/lib/team/roles';
import type { ApiBody } from '@/lib/endpoints/client';
import type { TeamShop } from './shop-grants';

/** Invite someone by email with a role, the costs-and-profit switch and shops. */
export function InviteForm({
  shops,
  onInvite,
}: {
  shops: readonly TeamShop[];
  onInvite: (body: ApiBody<'POST team/invitations'>) => Promise<void>;
}) {
  const [role, setRole] = useState<GrantableRole>('viewer');
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setPending(true);
    await onInvite({
      email: String(data.get('email') ?? '').trim(),
      role,
      seesProfit: data.get('seesProfit') === 'on',
      shops: data.getAll('shops').map(String),
    });
    setPending(false);
    form.reset();
    setRole('viewer');
  }
  return (
    <section className="card page-card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <form onSubmit={(e) => void submit(e)} className="cost-form" noValidate>
        <div className="field">
          <label htmlFor="invite-email">Email</label>
          <input id="invite-email" name="email" type="email" className="input" required />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select
            id="invite-role"
            className="select"
            value={role}
            aria-describedby="invite-role-summary"
            onChange={(e) => setRole(e.target.value as GrantableRole)}
          >
            {GRANTABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
          <small id="invite-role-summary" className="muted">
            {roleSummary(role)}
          </small>
        </div>
        {seesAllShops(role) && alwaysSeesProfit(role) ? (
          <p className="muted">{roleLabel(role)}s see every shop, and costs and profit.</p>
        ) : (
          <>
            <label className="check check-wrap">
              {/* Off by default: a viewer sees sales and orders unless someone decides they should see more. */}
              <input key={role} type="checkbox" name="seesProfit" defaultChecked={role === 'editor'} />
              <span>Can see costs and profit (off: orders, units, sales and refunds only)</span>
            </label>
            <fieldset style={{ border: 0, padding: 0 }}>
              <legend>Shops</legend>
              {shops.map((s) => (
                <label key={s.id} className="check check-wrap">
                  <input type="checkbox" name="shops" value={s.id} />
                  <span>{s.shopName}</span>
                </label>
              ))}
            </fieldset>
          </>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? 'Inviting…' : 'Invite'}
          </button>
        </div>
      </form>
    </section>
  );
}
