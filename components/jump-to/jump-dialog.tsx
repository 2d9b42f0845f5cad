'use client';

import { useDeferredValue, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useRouter } from 'next/navigation';
import type { ConnectedShop } from '@/lib/api/schemas';
import type { Viewer } from '@/components/app-shell/viewer';
import { useJumpQuery } from '@/lib/queries/use-jump-query';
import { openPages } from '@/lib/team/pages';
import { useFrameState } from '@/lib/views/hooks';
import { rangeParams } from '@/lib/views/range';
import { jumpOptions, type JumpOption } from './options';
import { jumpStatus } from './status';

export interface JumpDialogProps {
  viewer: Viewer;
  shop: ConnectedShop | undefined;
  onClose: () => void;
}

/**
 * The jump-to's dialog: a combobox (WAI-ARIA's pattern: the input keeps the focus, the arrow keys
 * move the active option, Enter opens it, Escape closes) over a listbox of pages, SKUs and orders,
 * with the count or the reason for none announced.
 */
export function JumpDialog({ viewer, shop, onClose }: JumpDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const { frame } = useFrameState();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const typed = useDeferredValue(text.trim());
  const query = useJumpQuery(shop?.id, { q: typed, ...rangeParams(frame) });
  const searched = typed.length >= 2 && shop !== undefined;
  const options = jumpOptions(typed, openPages(viewer), frame, searched ? query.data : undefined);
  const chosen = options[Math.min(active, options.length - 1)];
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const go = (option: JumpOption | undefined) => {
    if (!option) return;
    onClose();
    router.push(option.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: last };
    if (event.key in moves && options.length > 0) {
      event.preventDefault();
      const next = moves[event.key]!;
      setActive(next > last ? 0 : next < 0 ? last : next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(chosen);
    }
  };
  return (
    <dialog ref={dialog} className="explain-dialog jump-dialog" aria-labelledby="jump-title" onClose={onClose}>
      <h2 id="jump-title" className="jump-title">
        Jump to a page, SKU or order
      </h2>
      <label className="jump-label" htmlFor="jump-input">
        {shop ? `Page name, seller SKU, product name or order number in ${shop.shopName}` : 'Page name'}
      </label>
      <input
        id="jump-input"
        className="input jump-input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-expanded={options.length > 0}
        aria-controls="jump-results"
        aria-autocomplete="list"
        aria-activedescendant={chosen ? `jump-${chosen.id}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <p className="muted jump-status" role="status">
        {jumpStatus({ typed, shop, searched, query, count: options.length })}
      </p>
      <ul id="jump-results" role="listbox" aria-label="Results" className="jump-results" hidden={options.length === 0}>
        {options.map((option) => (
          <li
            key={option.id}
            id={`jump-${option.id}`}
            role="option"
            aria-selected={option === chosen}
            className="jump-option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(option)}
          >
            <span className="jump-kind">{option.kind}</span>
            <span className="jump-name">{option.label}</span>
            {option.detail ? <span className="muted jump-detail">{option.detail}</span> : null}
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
