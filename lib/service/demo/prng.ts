// A small seeded PRNG (mulberry32) and the draws the generator needs. Math.random is never used:
// the same seed and generation day always give the same data set.

export type Rng = () => number;

/** 32-bit FNV-1a of a string, to derive independent streams from one seed ("seed:shop:orders"). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number | string): Rng {
  let a = typeof seed === 'string' ? hash32(seed) : seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max], both inclusive. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

/** Index drawn from cumulative weights (ascending, last = total). */
export function pickCumulative(rng: Rng, cumulative: readonly number[]): number {
  const target = rng() * (cumulative[cumulative.length - 1] ?? 0);
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] ?? 0) > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function cumulate(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((w) => (sum += w));
}

/** Splits `total` into integer parts proportional to `weights` (largest remainder): they sum to `total` exactly. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (sum > 0 ? (w / sum) * total : 0));
  const parts = exact.map(Math.floor);
  let rest = total - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; rest > 0 && order.length > 0; k = (k + 1) % order.length, rest--) {
    const index = order[k]!.i;
    parts[index] = parts[index]! + 1;
  }
  return parts;
}

/** Hex digest-like stable id fragment from a string (two FNV rounds; not cryptographic). */
export function stableHex(text: string, length = 12): string {
  let out = '';
  for (let round = 0; out.length < length; round++) out += hash32(`${round}:${text}`).toString(16).padStart(8, '0');
  return out.slice(0, length);
}

/** A stable all-digit id (platform ids are long numeric strings). */
export function stableDigits(text: string, length = 19): string {
  let out = String(1 + (hash32(`lead:${text}`) % 9));
  for (let round = 0; out.length < length; round++) out += String(hash32(`${round}#${text}`)).padStart(10, '0');
  return out.slice(0, length);
}
