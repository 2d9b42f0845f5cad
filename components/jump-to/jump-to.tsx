'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ConnectedShop } from '@/lib/api/schemas';
import type { Viewer } from '@/components/app-shell/viewer';
import { JumpDialog } from './jump-dialog';

export interface JumpToProps {
  viewer: Viewer;
  /** The shop whose SKUs and orders are searched; none on a page of every shop (pages only). */
  shop: ConnectedShop | undefined;
}

const never = () => () => {};
/** "⌘ K" on a Mac, iPhone or iPad; "Ctrl K" elsewhere and in the first HTML (the server cannot know). */
function useShortcutHint(): string {
  return useSyncExternalStore(
    never,
    () => (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? '⌘ K' : 'Ctrl K'),
    () => 'Ctrl K',
  );
}

/**
 * The header's "Jump to" button and its shortcut (Ctrl-K, ⌘-K on a Mac): a dialog that finds a
 * page, a SKU or an order and opens it in the shop and range on screen.
 */
export function JumpTo({ viewer, shop }: JumpToProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const hint = useShortcutHint();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn jump-button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
      >
        Jump to
        <kbd className="jump-kbd" aria-hidden="true">
          {hint}
        </kbd>
      </button>
      {open ? (
        <JumpDialog
          viewer={viewer}
          shop={shop}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
