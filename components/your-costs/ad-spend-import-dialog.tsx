'use client';

import type { CostSku, ImportPreview, ImportResult } from '@/lib/costs/data';
import { describeDuplicates } from '@/lib/costs/import-words';
import { count } from '@/lib/costs/history';
import { formatCountOf, formatMoney } from '@/lib/format/money';
import { formatDay, formatDayRange } from '@/lib/format/time';
import { useCsvUpload } from './use-csv-upload';
import { saveBlob } from '@/components/export-button/download-csv';
import { CsvDialog } from './csv-dialog';
import { CsvColumnsHelp, CsvPreviewRows } from './csv-preview-rows';
import { adSpendTarget, type SkuIndex } from './cost-rows';
import { exampleLine, IMPORT_COLUMNS, importTemplate } from './import-template';
import { RowErrors, RowWarnings } from './row-errors';
import type { OnSaved } from './use-cost-form';

export interface AdSpendImportDialogProps {
  shopId: string;
  currency: string;
  today: string;
  skus: readonly CostSku[];
  index: SkuIndex;
  onSaved: OnSaved;
  onClose: () => void;
}

const PREVIEW_HEADERS = [
  { label: 'Line', num: true },
  { label: 'Day' },
  { label: 'Amount', num: true },
  { label: 'Spent on' },
  { label: 'Campaign' },
] as const;

/** Ad spend from a CSV: the server checks every line first; one bad line and nothing is imported. */
export function AdSpendImportDialog({
  shopId,
  currency,
  today,
  skus,
  index,
  onSaved,
  onClose,
}: AdSpendImportDialogProps) {
  const { preview, failure, checking, committing, onCheck, onCommit } = useCsvUpload<ImportPreview, ImportResult>(
    shopId,
    'ad-spend/import',
  );
  const rows = preview?.rows.length ?? 0;
  const repeats = preview?.duplicates.reduce((sum, lines) => sum + lines.length - 1, 0) ?? 0;
  const onImport = (duplicates: 'skip' | 'keep') =>
    onCommit(
      onSaved,
      onClose,
      () => ({
        kind: 'adSpend',
        action: 'import',
        values: { count: count(duplicates === 'skip' ? rows - repeats : rows), replaced: count(0) },
      }),
      { duplicates },
    );

  const targetText = (r: ImportPreview['rows'][number]) => {
    const t = adSpendTarget(r, index);
    return t.detail ? `${t.title} (${t.detail})` : t.title;
  };
  const ready = preview !== null && preview.errors.length === 0 && rows > 0;
  const downloadTemplate = () =>
    saveBlob(new Blob([importTemplate(skus, today)], { type: 'text/csv;charset=utf-8' }), 'ad-spend-template.csv');

  return (
    <CsvDialog
      title="Import ad spend from a CSV"
      onCheck={(text) => void onCheck(text)}
      checking={checking}
      failure={failure}
      onClose={onClose}
      intro={
        <>
          <p className="note">
            One line per day and target. Importing replaces the ad spend already entered on the days the file covers, so
            importing a month again never counts it twice. Columns (the first line names them):
          </p>
          <CsvColumnsHelp columns={IMPORT_COLUMNS} />
          <p className="note">
            Example line: <code className="csv-example">{exampleLine(skus, today)}</code> ·{' '}
            <button type="button" className="link-button" onClick={downloadTemplate}>
              Download a template CSV
            </button>
          </p>
        </>
      }
      confirm={
        <>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!ready || committing}
            onClick={() => void onImport('skip')}
          >
            {committing
              ? 'Importing…'
              : !ready
                ? 'Import'
                : repeats > 0
                  ? `Import without the duplicates (${formatCountOf(rows - repeats, 'row')})`
                  : `Import ${formatCountOf(rows, 'row')}`}
          </button>
          {ready && repeats > 0 ? (
            <button type="button" className="btn" disabled={committing} onClick={() => void onImport('keep')}>
              Import every row ({formatCountOf(rows, 'row')})
            </button>
          ) : null}
        </>
      }
    >
      {preview ? (
        <div className="csv-preview" role="status">
          <p className="note">
            {preview.from && preview.to
              ? `${formatCountOf(rows, 'row')} from ${formatDayRange(preview.from, preview.to)}, ${formatMoney(preview.totalCents, currency)} in all.`
              : `${formatCountOf(rows, 'row')} read.`}{' '}
            {preview.replaces > 0
              ? `Importing replaces ${formatCountOf(preview.replaces, 'existing row')} on those days.`
              : 'No ad spend is entered on those days yet.'}
          </p>
        </div>
      ) : null}
      {preview ? <RowErrors errors={preview.errors} /> : null}
      {preview && preview.duplicates.length > 0 ? (
        <div className="alert alert-warning" role="status">
          <p className="state-title">
            {formatCountOf(repeats, 'row')} {repeats === 1 ? 'repeats' : 'repeat'} an earlier row exactly (same day,
            amount, target and campaign): {describeDuplicates(preview.duplicates)}.
          </p>
          <p>
            A platform export that repeats a line would count that spend twice. Import each repeated row once, or every
            time if the spend really happened more than once.
          </p>
        </div>
      ) : null}
      {preview ? <RowWarnings warnings={preview.warnings} /> : null}
      <CsvPreviewRows label="Rows to import" headers={PREVIEW_HEADERS} rows={preview?.rows ?? []}>
        {(r) => (
          <tr key={r.row} className="card-open">
            <td className="num card-detail" data-label="Line">
              {r.row}
            </td>
            <th scope="row" className="card-title nowrap">
              {formatDay(r.day)}
            </th>
            <td className="num card-lead" data-label="Amount">
              {formatMoney(r.amountCents, currency)}
            </td>
            <td className="card-detail" data-label="Spent on">
              {targetText(r)}
            </td>
            <td className="card-detail" data-label="Campaign">
              {r.campaign ?? '—'}
            </td>
          </tr>
        )}
      </CsvPreviewRows>
    </CsvDialog>
  );
}
