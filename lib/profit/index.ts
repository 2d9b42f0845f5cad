export * from './money';
export * from './line';
export * from './totals';
export * from './period';
export * from './explain';
