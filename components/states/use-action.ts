'use client';

import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { errorCopy } from '@/components/states/error-copy';
import type { NoticeMessage } from '@/components/team/notice';

/** Runs one change; answers its result, or null when it was refused (the sentence is then the message). */
export type Act = <T>(run: () => Promise<T>, done?: (result: T) => NoticeMessage | null) => Promise<T | null>;

/**
 * One change a page makes (add, test, remove…): its sentence beside the section (the server's on a
 * refusal), `pending` while it runs, then the queries under `keys` again, whatever the outcome.
 */
export function useAction(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const [pending, setPending] = useState(false);

  const act: Act = async (run, done) => {
    setMessage(null);
    setPending(true);
    try {
      const result = await run();
      setMessage(done?.(result) ?? null);
      return result;
    } catch (error) {
      setMessage({ kind: 'error', text: errorCopy(error).message });
      return null;
    } finally {
      setPending(false);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    }
  };
  return { act, pending, message, setMessage };
}
