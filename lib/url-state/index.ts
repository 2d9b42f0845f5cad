export * from './parsers';
export * from './api-query';
