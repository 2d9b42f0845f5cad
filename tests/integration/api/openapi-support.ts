import type { z } from 'zod';
import { ENDPOINTS } from '@/lib/endpoints';
import type { Method } from '@/lib/endpoints/define';

/** The declared schema of an endpoint's `data` (lib/endpoints), if it has one. */
export function dataSchemaOf(path: string, method: Method): z.ZodType {
  const answer = ENDPOINTS.find((e) => e.path === path && e.method === method)?.answer;
  if (!answer || !('data' in answer)) throw new Error(`${method} ${path} has no declared data`);
  return answer.data;
}
