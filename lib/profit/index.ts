export * from './money';
export * from './line';
export * from './totals';
export * from './switches';
export * from './explain';
export * from './refunds';
