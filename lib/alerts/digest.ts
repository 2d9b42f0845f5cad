import 'server-only';
import type { Kysely } from 'kysely';
import { formatCount } from '@/lib/format/money';
import { DEFAULT_LOCALE, withLocale, type Locale } from '@/lib/format/locale';
import { formatSentence, sentence, type Sentence, type SentenceValue } from '@/lib/format/sentence';
import { skuReport, type SkuProfitRow, type SkuReport } from '@/lib/reports/sku-report';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import type { RefundPart } from '@/lib/profit/refunds';
import type { OrderStore } from '@/lib/store/order-store';
import type { StoreDatabase } from '@/lib/store/schema';
import { addDays, shopLocalDate } from '@/lib/time';
import type { AlertShop } from './context';
import { DIGEST_MESSAGES, sayDigest } from './digest-messages';
import { alertLinks } from './links';

// The digest (docs/ARCHITECTURE.md#alerts): per person and shop, yesterday's (or last week's) net
// sales, net profit and margin from the SKU profit report of those days, against the average of
// the 7 days (4 weeks) before; the top and bottom SKUs; refunds; one line to watch. A person
// without costs and profit gets the sales figures only. Composed here; sent by ./digest-run.

export interface DigestPeriod {
  /** `day:2026-11-25` or `week:2026-11-16` (its Monday). */
  key: string;
  from: string;
  to: string;
  /** The period compared with, as many days again before it, averaged per period. */
  before: { from: string; to: string; periods: number };
}

/** "Nov 25, 2026" or "the week of Nov 16 – Nov 22, 2026", in the recipient's locale. */
function periodSentence(period: DigestPeriod): Sentence {
  return period.key.startsWith('week:')
    ? sentence(DIGEST_MESSAGES.week, { range: { days: { from: period.from, to: period.to } } })
    : sentence('{day}', { day: { day: period.from } });
}

/** Which periods are due for a shop at `now` given the person's hour (in the shop's zone); at most the latest of each. */
export function duePeriods(
  now: number,
  timeZone: string,
  hour: number,
  daily: boolean,
  weekly: boolean,
): DigestPeriod[] {
  const seconds = Math.floor(now / 1000);
  const today = shopLocalDate(seconds, timeZone);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23', weekday: 'short' })
    .formatToParts(new Date(now))
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  // The wall clock's hour: on a day whose hour is skipped (DST), a later hour still is ≥ the chosen one.
  if (Number(parts.hour) < hour) return [];
  const out: DigestPeriod[] = [];
  if (daily) {
    const day = addDays(today, -1);
    out.push({
      key: `day:${day}`,
      from: day,
      to: day,
      before: { from: addDays(day, -7), to: addDays(day, -1), periods: 7 },
    });
  }
  if (weekly && parts.weekday === 'Mon') {
    const from = addDays(today, -7);
    const to = addDays(today, -1);
    out.push({
      key: `week:${from}`,
      from,
      to,
      before: { from: addDays(from, -28), to: addDays(from, -1), periods: 4 },
    });
  }
  return out;
}

export interface DigestFigures {
  netSales: number;
  netProfit: number | null;
  margin: number | null;
  lines: number;
  refunds: number;
  average: { netSales: number; netProfit: number | null; margin: number | null };
  top: SkuProfitRow[];
  bottom: SkuProfitRow[];
}

export interface Digest {
  subject: string;
  text: string;
  figures: DigestFigures;
  report: SkuReport;
}

export interface DigestInput {
  store: OrderStore;
  now: number;
  shop: AlertShop;
  costs: ShopCostInputs;
  period: DigestPeriod;
  seesProfit: boolean;
  /** The refund parts the person sees (every part when left out): their refunds line counts only these. */
  refundParts?: readonly RefundPart[];
  /** The dashboard's address for links (PUBLIC_URL), or '' for paths. */
  origin: string;
  /** The "watch" line's clauses: open alerts and the sync; none when nothing needs watching. */
  watch: readonly Sentence[];
  /** The books' line's clauses (months ready to close, adjustments to closed periods), for a person who sees profit. */
  books?: readonly Sentence[];
  /** The recipient's locale, every figure of the e-mail is written in (en-US when left out). */
  locale?: Locale;
}

export async function composeDigest(input: DigestInput): Promise<Digest> {
  const { shop, period, seesProfit } = input;
  const deps = { store: input.store, now: input.now, refundParts: input.refundParts };
  const [report, before] = await Promise.all([
    skuReport(deps, shop, { from: period.from, to: period.to }, { costs: input.costs }),
    skuReport(deps, shop, { from: period.before.from, to: period.before.to }, { costs: input.costs }),
  ]);
  const n = period.before.periods;
  const avgSales = Math.round(before.totals.netSales / n);
  const avgProfit = Math.round(before.totals.netProfit / n);
  const rows = report.rows;
  const figures: DigestFigures = {
    netSales: report.totals.netSales,
    netProfit: seesProfit ? report.totals.netProfit : null,
    margin: seesProfit ? report.totals.margin : null,
    lines: report.totals.lines,
    refunds: report.refunds,
    average: {
      netSales: avgSales,
      netProfit: seesProfit ? avgProfit : null,
      margin: seesProfit ? before.totals.margin : null,
    },
    top: seesProfit ? rows.slice(0, 3).filter((r) => r.netProfit > 0) : [],
    bottom: seesProfit
      ? rows
          .slice(-3)
          .reverse()
          .filter((r) => r.netProfit < 0)
      : [],
  };
  return withLocale(input.locale ?? DEFAULT_LOCALE, () => digestText(input, figures, report, avgSales, avgProfit));
}

/** The e-mail's words and figures, in the locale withLocale set. */
function digestText(
  input: DigestInput,
  figures: DigestFigures,
  report: SkuReport,
  avgSales: number,
  avgProfit: number,
) {
  const { shop, period, seesProfit } = input;
  const money = (cents: number): SentenceValue => ({ money: cents, currency: shop.currency });
  // A figure with its change against the period's average, as a whole percent.
  const figure = (key: 'netSales' | 'netProfit', value: number, avg: number) =>
    avg === 0
      ? sayDigest(key, { amount: money(value) })
      : sayDigest(key === 'netSales' ? 'netSalesVs' : 'netProfitVs', {
          amount: money(value),
          change: { text: (value >= avg ? '+' : '') + formatCount(Math.round(((value - avg) / Math.abs(avg)) * 100)) },
          average: money(avg),
        });
  const range = { from: period.from, to: period.to };
  const label = formatSentence(periodSentence(period));
  const clauses = (notes: readonly Sentence[] | undefined) => ({
    text: (notes ?? []).map(formatSentence).join('; '),
  });
  const skuLine = (r: SkuProfitRow) =>
    sayDigest('skuLine', { sku: { text: r.sellerSku || r.skuName }, amount: money(r.netProfit) });
  const link = (path: string) => ({ link: { text: `${input.origin}${path}` } });
  const lines = [
    sayDigest('heading', { shop: { text: shop.name }, period: { text: label } }),
    '',
    figure('netSales', figures.netSales, avgSales),
    ...(seesProfit
      ? [
          figure('netProfit', figures.netProfit!, avgProfit),
          sayDigest('margin', { margin: { percent: figures.margin }, average: { percent: figures.average.margin } }),
        ]
      : []),
    sayDigest('lines', { count: { count: figures.lines } }),
    sayDigest('refunds', { amount: money(Math.abs(figures.refunds)) }),
    ...(figures.top.length > 0 ? ['', sayDigest('topSkus'), ...figures.top.map(skuLine)] : []),
    ...(figures.bottom.length > 0 ? ['', sayDigest('losingSkus'), ...figures.bottom.map(skuLine)] : []),
    '',
    input.watch.length > 0 ? sayDigest('watch', { clauses: clauses(input.watch) }) : sayDigest('watchNothing'),
    ...(seesProfit && input.books && input.books.length > 0
      ? [sayDigest('books', { clauses: clauses(input.books) })]
      : []),
    '',
    seesProfit
      ? sayDigest('skuProfitLink', link(alertLinks.skuProfit(shop.id, range)))
      : sayDigest('overviewLink', link(alertLinks.overview(shop.id, range))),
  ];
  const headline = seesProfit
    ? sayDigest('headlineProfit', { profit: money(figures.netProfit!), sales: money(figures.netSales) })
    : sayDigest('headlineSales', { sales: money(figures.netSales) });
  const subject = sayDigest('subject', {
    shop: { text: shop.name },
    period: { text: label },
    headline: { text: headline },
  });
  return { subject, text: lines.join('\n'), figures, report };
}

type Db = Kysely<StoreDatabase>;

/** Claims a person's digest of a shop and period: true for the one caller that may send it. */
export async function claimDigest(
  db: Db,
  personId: string,
  shopId: string,
  period: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .insertInto('st_digest_sent')
    .values({ person_id: personId, shop_id: shopId, period, state: 'sending', at: now, error: null })
    .onConflict((oc) => oc.columns(['person_id', 'shop_id', 'period']).doNothing())
    .returning('period')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records how a claimed digest went: sent; `retry` (the mail server was unreachable or answered a
 * temporary refusal: the claim is dropped after a while and the digest sent again, see ./digest-run);
 * or `failed` for good (a permanent refusal, e.g. an address the server does not know).
 */
export async function settleDigest(
  db: Db,
  key: { personId: string; shopId: string; period: string },
  outcome: { state: 'sent' } | { state: 'retry' | 'failed'; error: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('st_digest_sent')
    .set({ state: outcome.state, error: outcome.state === 'sent' ? null : outcome.error, at: now })
    .where('person_id', '=', key.personId)
    .where('shop_id', '=', key.shopId)
    .where('period', '=', key.period)
    .execute();
}
