import { describe, expect, it } from 'vitest';
import { beforeDeadline } from '@/lib/rate-limit/clock';

// The one "wait for this, but not past a deadline" of the server (the shop list's cold wait, the
// page prefetch, the readiness checks).

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('beforeDeadline', () => {
  it("is the work's value when it comes first", async () => {
    expect(await beforeDeadline(after(5, 'done'), 1_000, () => 'late')).toBe('done');
  });

  it("is onLate's value when the deadline comes first, and its throw as a rejection", async () => {
    expect(await beforeDeadline(after(1_000, 'done'), 10, () => 'late')).toBe('late');
    await expect(
      beforeDeadline(after(1_000, 'done'), 10, () => {
        throw new Error('timed out');
      }),
    ).rejects.toThrow('timed out');
  });

  it("is the work's rejection when it fails first", async () => {
    await expect(beforeDeadline(Promise.reject(new Error('failed')), 1_000, () => 'late')).rejects.toThrow('failed');
  });
});
