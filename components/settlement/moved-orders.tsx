'use client';

import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import type { OrderDriftExplanation } from '@/lib/reports/settlement';
import type { SettlementData } from '@/lib/reports/settlement-report';
import { movedOrderColumns } from './moved-order-columns';
import { OrderExplanation } from './order-explanation';

export interface MovedOrdersProps {
  report: SettlementData;
  shopId: string;
  currency: string;
}

/** The orders whose net profit moved most at settlement: candidates to dispute, each with its lines. */
export function MovedOrders({ report, shopId, currency }: MovedOrdersProps) {
  const orders = report.observed.top;
  const columns = useMemo(() => movedOrderColumns({ currency, shopId }), [currency, shopId]);
  const table = useServerTable<OrderDriftExplanation>({
    data: orders,
    columns,
    canExpand: true,
    getRowId: (o) => o.orderId,
    page: 1,
    limit: Math.max(orders.length, 1),
    rowCount: orders.length,
    onPageChange: () => undefined,
  });
  return (
    <DataTable
      table={table}
      caption="Orders that moved most"
      renderExpanded={(row) => <OrderExplanation order={row.original} skus={report.skus} currency={currency} />}
    />
  );
}
