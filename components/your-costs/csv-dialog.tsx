'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { formatBytes } from '@/lib/format/bytes';
import { say } from './messages';

/** The import route's own limit (lib/costs/csv-import): refusing here saves an upload that would fail. */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;

export interface CsvDialogProps {
  title: string;
  /** What the file must hold and what the import will do. */
  intro: ReactNode;
  /** Asks the server for a preview of this text (nothing is written). */
  onCheck: (csv: string) => void;
  checking: boolean;
  /** Why the last check or commit failed (the server's message), or null. */
  failure: string | null;
  /** The preview and its errors. */
  children?: ReactNode;
  /** The confirm button; Cancel is added after it. */
  confirm: ReactNode;
  onClose: () => void;
}

/**
 * A modal that takes a CSV from a file or pasted text and shows the server's preview before
 * anything is written. Picking a file checks it at once; pasted text is checked on request.
 */
export function CsvDialog({ title, intro, onCheck, checking, failure, children, confirm, onClose }: CsvDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  async function onFile(file: File | undefined) {
    setFileProblem(null);
    if (!file) return;
    if (file.size > MAX_CSV_BYTES) {
      setFileProblem(
        say('fileTooLarge', {
          file: { text: file.name },
          size: { text: formatBytes(file.size) },
          limit: { text: formatBytes(MAX_CSV_BYTES) },
        }),
      );
      return;
    }
    const content = await file.text();
    setText(content);
    onCheck(content);
  }

  return (
    <dialog ref={ref} className="explain-dialog csv-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="csv-intro">{intro}</div>
      <div className="csv-source">
        <div className="field">
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            id={`${id}-file`}
            className="input"
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-text`}>Or paste the CSV</label>
          <textarea
            id={`${id}-text`}
            className="input csv-text"
            rows={4}
            value={text}
            spellCheck={false}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="form-actions">
          <button type="button" className="btn" disabled={checking || text.trim() === ''} onClick={() => onCheck(text)}>
            {checking ? 'Checking…' : 'Check the CSV'}
          </button>
        </div>
      </div>
      {fileProblem ? (
        <p className="alert alert-error" role="alert">
          {fileProblem}
        </p>
      ) : null}
      {failure ? (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      ) : null}
      {children}
      <div className="dialog-actions form-actions">
        {confirm}
        <button type="button" className="btn" onClick={() => ref.current?.close()}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
