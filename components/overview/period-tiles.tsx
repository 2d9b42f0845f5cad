'use client';

import { useEffect } from 'react';
import { useReportQuery } from '@/components/sync/use-report-query';
import type { ConnectedShop } from '@/lib/api/schemas';
import { formatMoney, formatPercent, toneOf } from '@/lib/format/money';
import { formatDayRange } from '@/lib/format/time';
import { tilePeriods, type PeriodTile, type PeriodTiles } from '@/lib/reports/period-tiles';
import { say } from './messages';
import { BRIDGE_LABELS } from '@/lib/reports/bridge';
import type { ReportApiQuery } from '@/lib/queries/keys';

export interface PeriodTilesRowProps {
  shop: ConnectedShop;
  /** The overview's query: its switches and cost view (the tiles' days are their own). */
  query: ReportApiQuery;
  /** Days of the overview's range stored, as its last answer says: a change asks the tiles again. */
  storedDays?: number | undefined;
  /** Called when the tiles' own days stored change: the overview asks again too, so the two agree. */
  onStored?: () => void;
}

/** The days the tiles need (last month's first day to today, on the shop's clock), as a view's range. */
function tilesRange(timeZone: string, now: number = Date.now()) {
  const { all } = tilePeriods(now, timeZone);
  return { range: 'custom' as const, from: all.from, to: all.to };
}

/**
 * Today, yesterday, the month so far, this month's projection and last month, each with net sales,
 * net profit of orders and margin from the store. A tile shows its figures once every one of its
 * days is stored; until then it says how many are, and never a figure of part of its period.
 */
export function PeriodTilesRow({ shop, query, storedDays, onStored }: PeriodTilesRowProps) {
  const result = useReportQuery<PeriodTiles>('periods', shop.id, { ...query, ...tilesRange(shop.timezone) });
  const tiles = result.data?.report?.tiles;
  // The tiles and the overview below are two answers polled apart: when either sees another day
  // stored, the other is asked again at once, so "Today so far" and "N of M days stored" agree.
  const { refetch } = result;
  const tilesStored = result.data?.coverage.daysStored;
  useEffect(() => {
    if (storedDays !== undefined) void refetch();
  }, [storedDays, refetch]);
  useEffect(() => {
    if (tilesStored !== undefined) onStored?.();
  }, [tilesStored, onStored]);
  if (!tiles) return null;
  return (
    <section aria-label="Periods" className="period-tiles">
      {tiles.map((tile) => (
        <Tile key={tile.key} tile={tile} currency={shop.currency} />
      ))}
    </section>
  );
}

function Tile({ tile, currency }: { tile: PeriodTile; currency: string }) {
  const f = tile.figures;
  return (
    <article className="kpi period-tile" aria-labelledby={`tile-${tile.key}`}>
      <h3 id={`tile-${tile.key}`} className="period-tile-title">
        {tile.label} <span className="muted">· {formatDayRange(tile.range.from, tile.range.to)}</span>
      </h3>
      {f === null ? (
        <p className="muted period-tile-wait">
          {tile.key === 'monthProjected'
            ? 'Projected once the month so far is read'
            : tile.daysStored > 0
              ? say('tileNotRead', { stored: { count: tile.daysStored }, total: { count: tile.daysTotal } })
              : 'Not read yet'}
        </p>
      ) : (
        <dl>
          <div>
            <dt>{BRIDGE_LABELS.netSales}</dt>
            <dd>{formatMoney(f.netSales, currency)}</dd>
          </div>
          {f.netProfit !== undefined ? (
            <div>
              <dt>{BRIDGE_LABELS.netProfit}</dt>
              <dd className={toneOf(f.netProfit)}>{formatMoney(f.netProfit, currency)}</dd>
            </div>
          ) : null}
          {f.margin !== undefined ? (
            <div>
              <dt>Margin</dt>
              <dd>{formatPercent(f.margin)}</dd>
            </div>
          ) : null}
        </dl>
      )}
      {tile.elapsed !== undefined && f !== null ? (
        <p className="muted period-tile-note">{say('projectedFrom', { elapsed: { percent: tile.elapsed } })}</p>
      ) : null}
    </article>
  );
}
