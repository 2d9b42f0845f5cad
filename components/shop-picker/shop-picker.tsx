'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { useFrameState } from '@/lib/views/hooks';
import type { ConnectedShop, UnavailableShop } from '@/lib/api/schemas';
import { filterShops } from './filter-shops';

export interface ShopPickerProps {
  shops: ConnectedShop[];
  /** Shops of the key the dashboard cannot use, listed (not pickable) with the reason. */
  unavailable?: UnavailableShop[];
  selected: ConnectedShop | undefined;
  loading: boolean;
}

/** A searchable combobox (WAI-ARIA 1.2 pattern): type to filter, arrows to move, Enter to pick. */
export function ShopPicker({ shops, unavailable = [], selected, loading }: ShopPickerProps) {
  const { selectShop } = useFrameState();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const matches = filterShops(shops, text);
  // With more than one connection (upstream key), each shop says which one lists it.
  const manyConnections = new Set(shops.map((s) => s.connection)).size > 1;
  const activeShop = matches[Math.min(active, matches.length - 1)];

  function pick(shop: ConnectedShop) {
    setOpen(false);
    setText('');
    if (shop.id !== selected?.id) void selectShop(shop.id);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0));
    } else if (event.key === 'Enter' && open && activeShop) {
      event.preventDefault();
      pick(activeShop);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setText('');
    }
  }

  return (
    <div className="field shop-picker">
      <label htmlFor={`${id}-input`}>Shop</label>
      <div className="combobox">
        <input
          id={`${id}-input`}
          className="input"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && activeShop ? `${id}-${activeShop.id}` : undefined}
          autoComplete="off"
          placeholder={loading ? 'Loading shops…' : (selected?.shopName ?? 'Choose a shop')}
          value={open ? text : (selected?.shopName ?? '')}
          onFocus={() => {
            setOpen(true);
            setActive(
              Math.max(
                0,
                shops.findIndex((s) => s.id === selected?.id),
              ),
            );
          }}
          // A second click on the focused field (no new focus event) reopens the list after a pick.
          onClick={() => {
            if (open) return;
            setOpen(true);
            setActive(
              Math.max(
                0,
                shops.findIndex((s) => s.id === selected?.id),
              ),
            );
          }}
          onBlur={() => setOpen(false)}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {selected && !open ? (
          <span className="combobox-meta muted" aria-hidden="true">
            {selected.shopRegion}
          </span>
        ) : null}
        <ul id={`${id}-list`} role="listbox" aria-label="Shops" className="combobox-list" hidden={!open}>
          {matches.map((shop) => (
            <li
              key={shop.id}
              id={`${id}-${shop.id}`}
              role="option"
              aria-selected={shop.id === activeShop?.id}
              data-current={shop.id === selected?.id || undefined}
              // Keeps focus in the input so the blur handler does not close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(shop)}
            >
              <span className="option-title">{shop.shopName}</span>
              <span className="option-meta muted">
                {manyConnections && shop.connection ? `${shop.connection} · ` : ''}
                {shop.shopRegion} · {shop.timezone} · {shop.currency}
              </span>
            </li>
          ))}
          {unavailable
            .filter((shop) => shop.shopName.toLowerCase().includes(text.trim().toLowerCase()))
            .map((shop) => (
              <li
                key={shop.id}
                id={`${id}-${shop.id}`}
                role="option"
                aria-selected={false}
                aria-disabled="true"
                className="option-unavailable"
                onMouseDown={(event) => event.preventDefault()}
              >
                <span className="option-title">{shop.shopName} (unavailable)</span>
                <span className="option-meta muted">{shop.reason}</span>
              </li>
            ))}
          {matches.length === 0 && unavailable.length === 0 ? (
            <li role="presentation" className="muted option-empty">
              {loading ? 'Loading shops…' : `No shop name contains “${text}”.`}
            </li>
          ) : null}
        </ul>
      </div>
    </div>
  );
}
