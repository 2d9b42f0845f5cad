export type { RateLimiter } from './types';
export { SlidingWindowLimiter } from './sliding-window';
// The Redis variant lives in './redis-sliding-window' (server-only: it needs node:crypto and ioredis).
