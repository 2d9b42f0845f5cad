export * from './resources';
export * from './envelope';
export * from './query-params';
