import { describe, expect, it } from 'vitest';
import { skuText, skuTitle } from '@/lib/format/sku';

describe('a SKU as a seller names it', () => {
  it('leads with the seller SKU, then the variant, never the marketplace id when a name exists', () => {
    const sku = { sellerSku: 'MAT-STD-US', skuName: 'Default', skuId: '7045880497727017666' };
    expect(skuText(sku)).toBe('MAT-STD-US · Default');
    expect(skuText(sku)).not.toContain(sku.skuId);
    expect(skuTitle(sku)).toContain('SKU id 7045880497727017666');
  });

  it('falls back to the variant name, then to the id when nothing else names it', () => {
    expect(skuText({ sellerSku: '', skuName: 'Blue', skuId: '1' })).toBe('Blue');
    expect(skuText({ sellerSku: ' ', skuName: null, skuId: '7045880497727017666' })).toBe('7045880497727017666');
  });

  it('says a name once when the seller SKU and the variant name are the same', () => {
    expect(skuText({ sellerSku: 'MUG-1', skuName: 'MUG-1', skuId: '1' })).toBe('MUG-1');
  });
});
