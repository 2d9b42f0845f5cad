// The Pricing page's saved scenarios (migration v18): a shop's named what-ifs, each only the
// scenario's text as the URL carries it (docs/ARCHITECTURE.md#pricing). Stored text, never a figure.

/** A named scenario of a shop: its `changes` (lib/pricing/scenario's text) and elasticity. */
export interface PricingScenarioTable {
  shop_id: string;
  id: string;
  /** 1–80 characters, unique per shop. */
  name: string;
  changes: string;
  /** The elasticity as written (`-1.5`), null for none. */
  elasticity: string | null;
  /** The person who saved it first (email, as the Team history names people). */
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface PricingTables {
  st_pricing_scenario: PricingScenarioTable;
}
