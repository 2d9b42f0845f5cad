import type { SettlementData } from '@/lib/reports/settlement-report';
import { skuNames } from './settlement-labels';

export interface SkuCellProps {
  skus: SettlementData['skus'];
  skuId: string;
}

/** A row's SKU: the product, then its SKU name and seller SKU in small type. */
export function SkuCell({ skus, skuId }: SkuCellProps) {
  const { title, detail } = skuNames(skus, skuId);
  return (
    <th scope="row" className="stack-title">
      <span className="sku-product">
        <span className="product-cell-name">{title}</span>
        {detail ? <span className="muted sku-product-sub">{detail}</span> : null}
      </span>
    </th>
  );
}
