'use client';

import { dashboardKeys } from '@/lib/queries/keys';
import { useAction } from '@/components/states/use-action';

/** One change of the Alerts page: rules, inbox, bell and delivery log move together (a rule's open count, a test's delivery). */
export function useAlertAction() {
  return useAction([dashboardKeys.alerts()]);
}
