'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@/lib/queries/keys';
import { errorCopy } from '@/components/states/error-copy';
import type { NoticeMessage } from '@/components/team/notice';

/** One change of the Alerts page: its sentence (the server's on a refusal) beside the section, then every alerts query again. */
export function useAlertAction() {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const [pending, setPending] = useState(false);

  async function act<T>(run: () => Promise<T>, done?: (result: T) => NoticeMessage | null): Promise<T | null> {
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
      // Rules, inbox, bell and delivery log move together (a rule's open count, a test's delivery).
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.alerts() });
    }
  }
  return { act, pending, message, setMessage };
}
