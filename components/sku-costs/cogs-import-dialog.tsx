'use client';

import { ExportButton } from '@/components/export-button/export-button';
import { CsvDialog } from '@/components/your-costs/csv-dialog';
import { CsvColumnsHelp, CsvPreviewRows } from '@/components/your-costs/csv-preview-rows';
import { RowErrors, RowWarnings } from '@/components/your-costs/row-errors';
import { useCsvUpload } from '@/components/your-costs/use-csv-upload';
import type { OnSaved } from '@/components/your-costs/use-cost-form';
import type { CogsImportPreview, ImportResult } from '@/lib/costs/data';
import { shopApiPath } from '@/lib/api/paths';
import { count as historyCount } from '@/lib/costs/history';
import { COGS_IMPORT_COLUMNS, COGS_TEMPLATE_FROM_NOTE, type CogsImportRow } from '@/lib/costs/cogs-import';
import { formatCountOf, formatMoney } from '@/lib/format/money';
import { formatDay } from '@/lib/format/time';

export interface CogsImportDialogProps {
  shopId: string;
  currency: string;
  onSaved: OnSaved;
  onClose: () => void;
}

const HEADERS = [
  { label: 'Line', num: true },
  { label: 'SKU' },
  { label: 'Unit cost', num: true },
  { label: 'From' },
] as const;

/** "3 lines leave their unit cost as it is (lines 2, 5 and 9)": which, when few enough to read. */
function unchangedText(rows: readonly number[]): string {
  const which =
    rows.length === 1
      ? ` (line ${rows[0]})`
      : rows.length <= 10
        ? ` (lines ${rows.slice(0, -1).join(', ')} and ${rows.at(-1)})`
        : '';
  const verb = rows.length === 1 ? 'leaves its' : 'leave their';
  return `${formatCountOf(rows.length, 'line')}${which} ${verb} unit cost as it is (yours is already that amount on that day, or none is given): not imported.`;
}

/** Unit costs from a CSV: the server reads every line first (before → after); one bad line and nothing is imported. */
export function CogsImportDialog({ shopId, currency, onSaved, onClose }: CogsImportDialogProps) {
  const { preview, failure, checking, committing, onCheck, onCommit } = useCsvUpload<
    CogsImportPreview,
    ImportResult<CogsImportPreview>
  >(shopId, 'cogs/import');
  const count = preview?.rows.length ?? 0;
  const ready = preview !== null && preview.errors.length === 0 && count > 0;
  const money = (cents: number | null) => (cents === null ? 'none' : formatMoney(cents, currency));
  const before = (r: CogsImportRow) =>
    `${money(r.unitCostBeforeCents)}${r.unitCostBeforeSource === 'service' ? " (the service's)" : r.unitCostBeforeSource === 'yours' ? ' (yours)' : ''}`;

  return (
    <CsvDialog
      title="Import unit costs from a CSV"
      onCheck={(text) => void onCheck(text)}
      checking={checking}
      failure={failure}
      onClose={onClose}
      intro={
        <>
          <p className="note">
            One line per SKU and first day: from that day, orders of the SKU count your unit cost instead of the
            service&apos;s. A SKU&apos;s unit cost already set on that day is replaced. The whole file is one change in
            the Your costs history, undone as one. Columns (the first line names them):
          </p>
          <CsvColumnsHelp columns={COGS_IMPORT_COLUMNS} />
          <div className="page-actions">
            <ExportButton
              href={shopApiPath(shopId, 'your-costs/cogs/import')}
              label="Download the template CSV"
              lineNote="every SKU with its unit cost today"
            />
          </div>
          <p className="note">{COGS_TEMPLATE_FROM_NOTE}</p>
        </>
      }
      confirm={
        <button
          type="button"
          className="btn btn-primary"
          disabled={!ready || committing}
          onClick={() =>
            void onCommit(onSaved, onClose, () => ({
              kind: 'cogs',
              action: 'import',
              values: { count: historyCount(count), replaced: historyCount(0) },
            }))
          }
        >
          {committing ? 'Importing…' : ready ? `Import ${formatCountOf(count, 'unit cost')}` : 'Import'}
        </button>
      }
    >
      {preview ? (
        <div className="csv-preview" role="status">
          <p className="note">
            {`${formatCountOf(count, 'unit cost')} to import.`}
            {preview.unchanged.length > 0 ? ` ${unchangedText(preview.unchanged)}` : ''}
          </p>
        </div>
      ) : null}
      {preview ? <RowErrors errors={preview.errors} /> : null}
      {preview ? <RowWarnings warnings={preview.warnings} /> : null}
      <CsvPreviewRows label="Unit costs to import" headers={HEADERS} rows={preview?.rows ?? []}>
        {(r) => (
          <tr key={r.row} className="card-open">
            <td className="num card-detail" data-label="Line">
              {r.row}
            </td>
            <th scope="row" className="card-title">
              <span className="cost-target">
                {r.sellerSku || r.skuId}
                <span className="muted cost-target-detail">{r.productName}</span>
              </span>
            </th>
            <td className="num card-lead" data-label="Unit cost">
              <span className="nowrap">{before(r)}</span> → <strong>{formatMoney(r.unitCostCents, currency)}</strong>
            </td>
            <td className="card-detail nowrap" data-label="From">
              {formatDay(r.fromDay)}
              {r.replacesCogsEntry ? <span className="muted"> (replaces yours of that day)</span> : null}
            </td>
          </tr>
        )}
      </CsvPreviewRows>
    </CsvDialog>
  );
}
