'use client';

import { ExportButton } from '@/components/export-button/export-button';
import { saveBlob } from '@/components/export-button/download-csv';
import type { CostSku, ImportResult } from '@/lib/costs/data';
import { count, type HistoryDetail } from '@/lib/costs/history';
import { describeDuplicates } from '@/lib/costs/import-words';
import type { CostKind } from '@/lib/costs/kind';
import type { ImportCell, ImportPreviewBase, KindImport } from '@/lib/costs/kind-import';
import { apiPath, callApi } from '@/lib/endpoints/client';
import { formatMessage } from '@/lib/format/history';
import { adSpendTarget, type SkuIndex } from './cost-rows';
import { CsvDialog } from './csv-dialog';
import { CsvColumnsHelp, CsvPreviewRows } from './csv-preview-rows';
import { RowErrors, RowWarnings } from './row-errors';
import { useCsvUpload } from './use-csv-upload';
import type { OnSaved } from './use-cost-form';

export interface CsvImportDialogProps {
  /** An importable kind of the registry (its `import`: lib/costs/kind-import). */
  kind: Pick<CostKind, 'id' | 'import'>;
  shopId: string;
  currency: string;
  /** The shop's SKUs and today, for a template made in the page and the rows' targets. */
  skus?: readonly CostSku[];
  index?: SkuIndex;
  today?: string;
  onSaved: OnSaved;
  onClose: () => void;
}

/** The declared import endpoints (lib/endpoints): a kind's `import.endpoint` names one of them. */
type Declared = Parameters<typeof apiPath>[0];
type ImportEndpoint = Extract<Declared, `POST shops/[shopId]/your-costs/${string}/import`>;
type TemplateEndpoint = Extract<Declared, `GET shops/[shopId]/your-costs/${string}/import`>;

type Row = { row: number };
type Preview = ImportPreviewBase<Row>;

function Cell({ cell, index, currency }: { cell: ImportCell; index: SkuIndex | undefined; currency: string }) {
  if ('target' in cell) {
    const t = index ? adSpendTarget(cell.target, index) : { title: cell.target.skuId ?? '—', detail: null };
    return <>{t.detail ? `${t.title} (${t.detail})` : t.title}</>;
  }
  return (
    <>
      {formatMessage(cell, currency)}
      {cell.note ? <span className="muted"> {cell.note}</span> : null}
    </>
  );
}

/**
 * A cost kind's entries from a CSV: the server checks every line first (the preview, nothing
 * written); one bad line and nothing is imported; the commit is one change of the history. What it
 * says and shows is the kind's `import` (lib/costs/kind-import), so an importable kind is one entry
 * of the registry.
 */
export function CsvImportDialog({
  kind,
  shopId,
  currency,
  skus = [],
  index,
  today,
  onSaved,
  onClose,
}: CsvImportDialogProps) {
  const config = kind.import as unknown as KindImport<Row, Preview>;
  const { preview, failure, checking, committing, onCheck, onCommit } = useCsvUpload<Preview, ImportResult<Preview>>(
    shopId,
    (body, headers) =>
      callApi(config.endpoint as ImportEndpoint, { params: { shopId }, body }, { headers }) as Promise<
        ImportResult<Preview>
      >,
  );
  const rows = preview?.rows.length ?? 0;
  const groups = preview?.duplicates ?? [];
  const repeats = groups.reduce((sum, lines) => sum + lines.length - 1, 0);
  const ready = preview !== null && preview.errors.length === 0 && rows > 0;
  const words = (message: string, n: number) => formatMessage({ message, values: { n: count(n) } }, currency);
  const onImport = (duplicates?: 'skip' | 'keep') => {
    const n = duplicates === 'skip' ? rows - repeats : rows;
    const entry = (): HistoryDetail => ({ kind: kind.id, action: 'import', values: { count: count(n) } });
    return onCommit(onSaved, onClose, entry, config.duplicates && duplicates ? { duplicates } : {});
  };
  const asks = config.duplicates && ready && repeats > 0 ? config.duplicates : null;
  const template = config.template;

  return (
    <CsvDialog
      title={config.title}
      onCheck={(text) => void onCheck(text)}
      checking={checking}
      failure={failure}
      onClose={onClose}
      intro={
        <>
          <p className="note">{config.intro} Columns (the first line names them):</p>
          <CsvColumnsHelp columns={config.columns} />
          {'download' in template ? (
            <>
              <div className="page-actions">
                <ExportButton
                  href={apiPath(template.download as TemplateEndpoint, { shopId })}
                  label="Download the template CSV"
                  lineNote={template.lineNote}
                />
              </div>
              <p className="note">{template.note}</p>
            </>
          ) : today ? (
            <p className="note">
              Example line: <code className="csv-example">{template.example(skus, today)}</code> ·{' '}
              <button
                type="button"
                className="link-button"
                onClick={() =>
                  saveBlob(new Blob([template.make(skus, today)], { type: 'text/csv;charset=utf-8' }), template.file)
                }
              >
                Download a template CSV
              </button>
            </p>
          ) : null}
        </>
      }
      confirm={
        <>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!ready || committing}
            onClick={() => void onImport(config.duplicates ? 'skip' : undefined)}
          >
            {committing
              ? 'Importing…'
              : !ready
                ? 'Import'
                : asks
                  ? words(asks.skip, rows - repeats)
                  : words(config.button, rows)}
          </button>
          {asks ? (
            <button type="button" className="btn" disabled={committing} onClick={() => void onImport('keep')}>
              {words(asks.keep, rows)}
            </button>
          ) : null}
        </>
      }
    >
      {preview ? (
        <div className="csv-preview" role="status">
          <p className="note">{formatMessage(config.summary(preview), currency)}</p>
        </div>
      ) : null}
      {preview ? <RowErrors errors={preview.errors} /> : null}
      {config.duplicates && groups.length > 0 ? (
        <div className="alert alert-warning" role="status">
          <p className="state-title">
            {formatMessage(
              {
                message: config.duplicates.message,
                values: { repeats: count(repeats), lines: { text: describeDuplicates(groups) } },
              },
              currency,
            )}
          </p>
          <p>{config.duplicates.why}</p>
        </div>
      ) : null}
      {preview ? <RowWarnings warnings={preview.warnings} /> : null}
      <CsvPreviewRows
        label={config.table.label}
        headers={[{ label: 'Line', num: true }, ...config.table.columns]}
        rows={preview?.rows ?? []}
      >
        {(r) => (
          <tr key={r.row} className="card-open">
            <td className="num card-detail" data-label="Line">
              {r.row}
            </td>
            {config.table.columns.map((c) => {
              const className = [c.num ? 'num' : '', `card-${c.role}`, c.nowrap ? 'nowrap' : '']
                .filter(Boolean)
                .join(' ');
              const content = <Cell cell={c.cell(r)} index={index} currency={currency} />;
              return c.role === 'title' ? (
                <th key={c.label} scope="row" className={className}>
                  {content}
                </th>
              ) : (
                <td key={c.label} className={className} data-label={c.label}>
                  {content}
                </td>
              );
            })}
          </tr>
        )}
      </CsvPreviewRows>
    </CsvDialog>
  );
}
