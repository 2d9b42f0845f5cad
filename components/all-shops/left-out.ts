import { say } from './messages';

/** A shop left out for want of a rate: its name, its currency and the days without one. */
interface LeftOutShop {
  name: string;
  currency: string;
  days: { from: string; to: string };
}

/** The shops left out, each one whole sentence ("; " between them), for a "Left out" note. */
export function leftOutShops(shops: readonly LeftOutShop[], target: string): string {
  return shops
    .map((s) =>
      say('leftOutShop', {
        shop: { text: s.name },
        currency: { text: s.currency },
        target: { text: target },
        days: { days: s.days },
      }),
    )
    .join('; ');
}
