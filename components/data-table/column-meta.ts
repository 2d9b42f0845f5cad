// How a column shows itself beyond its cells: alignment, its name in words, where a phone card
// puts it and whether it stays pinned while a wide table scrolls sideways.

export interface ColumnMeta {
  align?: 'start' | 'end' | 'center';
  /** The column's name in words: the phone card's label and the column chooser's entry. */
  label?: string;
  /**
   * On a phone each row is a card: `control` (the toggle) and `title` head it, `lead` figures
   * come next in large type, and `detail` cells (the default) appear once the card is opened.
   */
  card?: 'control' | 'title' | 'lead' | 'detail';
  /** `start` (and `start-2` after a narrow control) keeps the row's name in view; `end` and `end-last` keep net profit and margin in view. */
  pin?: 'start' | 'start-2' | 'end' | 'end-last';
  /** Only on phone-width screens (the control that opens a card). */
  phoneOnly?: boolean;
}

export function columnClass(meta: unknown): string | undefined {
  const m = (meta ?? {}) as ColumnMeta;
  const names = [
    m.align === 'end' ? 'num' : m.align === 'center' ? 'center' : '',
    `card-${m.card ?? 'detail'}`,
    m.pin ? `pin-${m.pin}` : '',
    m.phoneOnly ? 'phone-only' : '',
  ];
  return names.filter(Boolean).join(' ');
}

export function columnLabel(meta: unknown): string | undefined {
  return (meta as ColumnMeta | undefined)?.label;
}
