import { serializeFrame, type FrameState } from '@/lib/views/frame';
import { PRICING_OPENING_RANGE } from '@/lib/views/pricing-opening';
import { DEFAULT_RANGE } from '@/lib/views/range';

type Frame = Pick<FrameState, 'shop' | 'range' | 'from' | 'to'>;

/**
 * The address of a dashboard page in the shop and range on screen, so moving between pages never
 * loses the context, with `extra` parameters of the page's own view (a search, a filter). Pricing
 * opens on its own lookback when the range is the default: linked directly, so the page is not one
 * redirect away.
 */
export function pageHref(href: string, frame: Frame, extra: Record<string, string> = {}): string {
  const pricingOpening = href === '/pricing' && frame.range === DEFAULT_RANGE && !frame.from && !frame.to;
  const query = serializeFrame({
    shop: frame.shop,
    range: pricingOpening ? PRICING_OPENING_RANGE : frame.range,
    from: frame.from,
    to: frame.to,
  });
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `${href}?${search}` : href;
}
