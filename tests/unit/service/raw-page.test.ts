import { describe, expect, it } from 'vitest';
import { paginate } from '@/lib/contract';
import { rawPageJson } from '@/lib/service/errors';

// The orders endpoint splices stored JSON into its envelope; the bytes must be exactly what
// serialising the parsed page would give.

describe('rawPageJson', () => {
  it.each([
    [
      'several items, non-ASCII and escapes',
      [
        { id: 'a', name: 'Crème <b>&"\' 東京 😀', n: -0.5 },
        { id: 'b', nested: { x: [1, null] } },
      ],
    ],
    ['one item', [{ id: 'only' }]],
    ['an empty page', []],
  ])('%s: the same bytes as JSON.stringify of the envelope', (_label, items) => {
    const pagination = paginate(123, 2, 10);
    const body = rawPageJson({ itemsJson: items.map((item) => Buffer.from(JSON.stringify(item))), pagination });
    expect(body.toString('utf8')).toBe(JSON.stringify({ success: true, data: { items, pagination } }));
  });
});
