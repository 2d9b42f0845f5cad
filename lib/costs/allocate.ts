// Splitting an amount of cents over keys by weight, exactly (largest remainder): the shares are
// whole cents that add up to the amount. Only positive weights take a share; ties in remainder go
// to the larger weight, then to the smaller key, so the split is stable.

export function allocateByWeight<K extends string>(amount: number, weights: ReadonlyMap<K, number>): Map<K, number> {
  const keys = [...weights].filter(([, w]) => w > 0);
  const out = new Map<K, number>();
  if (keys.length === 0 || amount === 0) return out;
  const total = keys.reduce((acc, [, w]) => acc + w, 0);
  const sign = amount < 0 ? -1 : 1;
  const abs = BigInt(Math.abs(amount));
  const t = BigInt(total);
  let given = 0n;
  const parts = keys.map(([key, w]) => {
    const exact = abs * BigInt(w);
    const share = exact / t;
    given += share;
    return { key, w, share, rest: exact % t };
  });
  parts.sort((a, b) =>
    a.rest === b.rest ? b.w - a.w || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.rest > b.rest ? -1 : 1,
  );
  for (let i = 0; given < abs; i++, given++) parts[i % parts.length]!.share += 1n;
  for (const p of parts) out.set(p.key, sign * Number(p.share));
  return out;
}
