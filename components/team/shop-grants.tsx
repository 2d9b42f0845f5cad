'use client';

import { useState } from 'react';

/** A shop that can be granted. */
export interface TeamShop {
  id: string;
  shopName: string;
}

/** The shops granted to one person on the Team page: a list of check boxes behind their names. */
export function ShopGrants(props: {
  person: string;
  shops: readonly TeamShop[];
  granted: string[];
  disabled: boolean;
  label: string;
  onSave: (shops: string[]) => void;
}) {
  const [chosen, setChosen] = useState(props.granted);
  if (props.disabled) return <span>{props.label}</span>;
  return (
    <details>
      <summary>{props.label}</summary>
      <fieldset style={{ border: 0, padding: 0 }}>
        <legend className="visually-hidden">Shops of {props.person}</legend>
        {props.shops.map((s) => (
          <label key={s.id} className="check" style={{ display: 'flex' }}>
            <input
              type="checkbox"
              checked={chosen.includes(s.id)}
              onChange={(e) => setChosen(e.target.checked ? [...chosen, s.id] : chosen.filter((id) => id !== s.id))}
            />
            <span>{s.shopName}</span>
          </label>
        ))}
        <button type="button" className="btn btn-small" onClick={() => props.onSave(chosen)}>
          Save shops
        </button>
      </fieldset>
    </details>
  );
}
