// Which figures are "costs and profit": hidden from a person without that access everywhere the
// server answers (JSON keys and CSV columns). Pure and client-safe; one list, read by the route
// wrapper's redaction, every CSV export and the UI's column choice.

/**
 * A key or a column header that names a cost, a fee, a margin or a profit. "(yours)" marks the
 * seller's own costs: every charged cost kind's P&L words say it (lib/costs/kind: `charges.label`),
 * so a kind's line and column are hidden without this list naming the kinds, whose registry carries
 * schemas and CSV readers the pages that call this do not load.
 */
const PROFIT_FIGURE =
  /profit|margin|cogs|cost_?of_?goods|cost of goods|costs?Cents|unit ?cost|costs?$|fee|commission|shipping|total_?costs|ad ?spend|expense|allocat|break-?even|roas|recosted|bottom ?line|marketing cost|\(yours\)/i;

/** A person's own access ("can see costs and profit", and its switch) names no figure: it is kept. */
const ACCESS_FLAGS: ReadonlySet<string> = new Set(['seesProfit', 'seesProfitSwitch']);

export function isProfitFigure(name: string): boolean {
  return !ACCESS_FLAGS.has(name) && PROFIT_FIGURE.test(name);
}

/**
 * A copy of `value` without any key that names a cost or profit figure, at any depth. Arrays and
 * plain objects are walked; everything else is kept as is.
 */
export function withoutProfitFigures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProfitFigures);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!isProfitFigure(key)) out[key] = withoutProfitFigures(item);
  }
  return out;
}

const ZERO_GROUP = { total: '0' };

/**
 * An order as a person without costs and profit receives it (its cost groups left out), with
 * those groups as zero, so the one profit formula still gives its sales figures (the pages show
 * nothing of its costs or profit).
 */
export function withHiddenCostsAsZero<O extends { products: readonly object[] }>(order: O): O {
  return {
    ...order,
    products: order.products.map((product) => {
      const p = product as Record<string, unknown>;
      return {
        ...p,
        costOfGoods: p.costOfGoods ?? '0',
        shippingCost: p.shippingCost ?? ZERO_GROUP,
        platformFees: p.platformFees ?? ZERO_GROUP,
        affiliateCommission: p.affiliateCommission ?? ZERO_GROUP,
        gmvBreakdown: { shippingFee: '0', ...(p.gmvBreakdown as object | undefined) },
      };
    }),
  };
}

/** The names of `names` a person may see: all of them, or those that name no cost or profit figure. */
export function visibleFigureNames<K extends string>(names: readonly K[], seesProfit: boolean): K[] {
  return seesProfit ? [...names] : names.filter((name) => !isProfitFigure(name));
}

/** The columns a person may see: all of them, or those that name no cost or profit figure. */
export function visibleFigureColumns<C extends { id?: string }>(columns: readonly C[], seesProfit: boolean): C[] {
  return seesProfit ? [...columns] : columns.filter((c) => !isProfitFigure(c.id ?? ''));
}
