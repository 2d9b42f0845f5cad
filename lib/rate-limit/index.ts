export { backgroundTimers, systemTimers, sleep, type Timers } from './clock';
export type { AcquireResult, PacingOptions, RateLimiter, RequestClass, WindowOptions } from './types';
export { SlidingWindowLimiter, type SlidingWindowOptions } from './sliding-window';
// The Redis variant lives in './redis-sliding-window' (server-only: it needs node:crypto and ioredis).
