'use client';

import { KINDS } from '@/lib/costs/kinds';
import { useState } from 'react';
import { ExportButton } from '@/components/export-button/export-button';
import type { RestorePreview, RestoreResult } from '@/lib/costs/data';
import { apiPath, callApi } from '@/lib/endpoints/client';
import { describeUnmatched } from '@/lib/costs/import-words';
import { CsvDialog } from './csv-dialog';
import { RowErrors, RowWarnings } from './row-errors';
import { useCsvUpload } from './use-csv-upload';
import { say } from './messages';
import { count, type HistoryDetail } from '@/lib/costs/history';

/** A restore's entry from its preview's counts (when the answer names none). */
const restoredEntry = (preview: RestorePreview): HistoryDetail => ({
  kind: 'backup',
  action: 'restore',
  values: Object.fromEntries(KINDS.map((k) => [k.id, count(preview.counts[k.id])])),
});
import type { OnSaved } from './use-cost-form';

export interface BackupSectionProps {
  shopId: string;
  onSaved: OnSaved;
}

/** Every input of the shop in one CSV, and back: a restore replaces everything, as one undoable change. */
export function BackupSection({ shopId, onSaved }: BackupSectionProps) {
  const [restoring, setRestoring] = useState(false);
  return (
    <section className="card page-card" id="backup" aria-labelledby="backup-title">
      <div>
        <h2 id="backup-title">Backup</h2>
        <p className="muted page-summary">
          One CSV with all your costs of this shop ({KINDS.map((k) => k.labels.title.toLowerCase()).join(', ')}).
          Restoring a backup replaces all of them; History can undo it.
        </p>
      </div>
      <div className="page-actions">
        <ExportButton
          href={apiPath('GET shops/[shopId]/your-costs/backup', { shopId })}
          label="Download all inputs (CSV)"
        />
        <button type="button" className="btn" onClick={() => setRestoring(true)}>
          Restore from CSV
        </button>
      </div>
      {restoring ? <RestoreDialog shopId={shopId} onSaved={onSaved} onClose={() => setRestoring(false)} /> : null}
    </section>
  );
}

function RestoreDialog({ shopId, onSaved, onClose }: BackupSectionProps & { onClose: () => void }) {
  const { preview, failure, checking, committing, onCheck, onCommit } = useCsvUpload<RestorePreview, RestoreResult>(
    shopId,
    (body, headers) =>
      callApi(
        'POST shops/[shopId]/your-costs/backup',
        { params: { shopId }, body },
        { headers },
      ) as Promise<RestoreResult>,
  );
  const onRestore = (onlyMatching: boolean) =>
    onCommit(onSaved, onClose, (r) => restoredEntry(r.preview), { onlyMatching });

  const ready = preview !== null && preview.errors.length === 0;
  const unmatched = preview?.unmatched ?? [];
  // A file that names its shop may be restored without the rows that do not match; an older one may not.
  const partialAllowed = ready && unmatched.length > 0 && preview.shop !== null;
  // Every kind of the registry, in its words: "3 ad spend rows, 1 expense and 2 COGS entries".
  const counts = (c: RestorePreview['counts']): { text: string } => {
    const items = KINDS.map((k) =>
      say('kindCount', { n: { count: c[k.id] }, one: { text: k.labels.one }, many: { text: k.labels.many } }),
    );
    const last = items.pop() ?? '';
    return {
      text: items.length === 0 ? last : say('listAnd', { items: { text: items.join(', ') }, last: { text: last } }),
    };
  };

  return (
    <CsvDialog
      title="Restore inputs from a backup"
      intro={
        <p className="note">
          Choose a file downloaded with “Download all inputs (CSV)”. You see what it holds before anything changes.
        </p>
      }
      onCheck={(text) => void onCheck(text)}
      checking={checking}
      failure={failure}
      onClose={onClose}
      confirm={
        partialAllowed ? (
          <button type="button" className="btn btn-primary" disabled={committing} onClick={() => void onRestore(true)}>
            {committing ? 'Restoring…' : 'Restore only the rows that match'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!ready || unmatched.length > 0 || committing}
            onClick={() => void onRestore(false)}
          >
            {committing ? 'Restoring…' : 'Replace all inputs'}
          </button>
        )
      }
    >
      {preview ? (
        <p className="note" role="status">
          {preview.shop
            ? say('backupOf', {
                shop: { text: preview.shop.name || preview.shop.id },
                currency: { text: preview.shop.currency },
                ...(preview.shop.dashboardVersion ? { version: { text: preview.shop.dashboardVersion } } : {}),
              })
            : 'An older backup that does not name its shop: it is restored only if every SKU and product it names is one of this shop’s.'}{' '}
          {say('fileHolds', { holds: counts(preview.counts), replaces: counts(preview.replaces) })}
        </p>
      ) : null}
      {preview ? <RowErrors errors={preview.errors} verb="restored" /> : null}
      {unmatched.length > 0 ? (
        <div className="alert alert-error" role="alert">
          <p className="state-title">
            {say('unmatchedRows', { n: { count: unmatched.length }, rows: { text: describeUnmatched(unmatched) } })}
          </p>
          <p>
            {preview?.shop
              ? 'Nothing is restored as it is. You can restore only the rows that match and leave these out.'
              : 'Nothing can be restored from this file: choose a backup of this shop.'}
          </p>
        </div>
      ) : null}
      {preview ? <RowWarnings warnings={preview.warnings} verb="restored" /> : null}
    </CsvDialog>
  );
}
