import {
  createColumnHelper,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type RowData,
} from '@tanstack/react-table';

// One feature set for every dashboard table. The server owns sorting and paging (manual modes),
// so no client row models are registered: only the state and APIs of each feature.
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature, rowExpandingFeature });
export type DataTableFeatures = typeof dataTableFeatures;

export function columnHelper<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}
