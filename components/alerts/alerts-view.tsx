'use client';

import { useQuery } from '@tanstack/react-query';
import {
  alertChannelsQueryOptions,
  alertDeliveriesQueryOptions,
  alertInboxQueryOptions,
  alertRulesQueryOptions,
  shopsQueryOptions,
} from '@/lib/queries/options';
import { callApi } from '@/lib/endpoints/client';
import { allows, seesAllShops } from '@/lib/team/roles';
import { useViewer } from '@/components/app-shell/viewer';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { Notice } from '@/components/team/notice';
import { AlertInbox } from './alert-inbox';
import { AlertRules } from './alert-rules';
import { AlertChannels } from './alert-channels';
import { DeliveryLog } from './delivery-log';
import { useAlertAction } from './use-alert-action';

// The Alerts page: the person's inbox, the rules (everyone reads and mutes them; `edit-alerts`
// changes them) and, for owners and admins, the channels and their delivery log. Every change goes
// through /api/dashboard/alert*/**; the server decides, this page only leaves out what it would refuse.

export function AlertsView() {
  const viewer = useViewer();
  const manageChannels = allows(viewer, 'manage-channels');
  const inbox = useQuery(alertInboxQueryOptions());
  const rules = useQuery(alertRulesQueryOptions());
  const shops = useQuery(shopsQueryOptions());
  const channels = useQuery({ ...alertChannelsQueryOptions(), enabled: manageChannels });
  const deliveries = useQuery({ ...alertDeliveriesQueryOptions(), enabled: manageChannels });
  const reading = useAlertAction();

  const read = (ids: string[] | 'all') =>
    void reading.act(() => callApi('POST alerts/read', { body: ids === 'all' ? { all: true } : { ids } }));

  return (
    <div className="stack-page" style={{ display: 'grid', gap: '1rem' }}>
      <div className="page-heading">
        <div>
          <h1>Alerts</h1>
          <p className="muted page-summary">
            {viewer.seesProfit ? 'Profit that comes to you' : 'Alerts come to you'}: rules watch every shop after each
            sync and put what needs a look here, with a link to the view that shows it.
          </p>
        </div>
      </div>
      <Notice message={reading.message} />
      {inbox.isError ? (
        <ErrorState error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : inbox.data ? (
        <AlertInbox inbox={inbox.data} pending={reading.pending} onRead={read} />
      ) : (
        <LoadingSkeleton label="Loading alerts…" rows={3} />
      )}
      {rules.isError ? (
        <ErrorState error={rules.error} onRetry={() => void rules.refetch()} />
      ) : rules.data && (!manageChannels || channels.data || channels.isError) ? (
        <AlertRules
          rules={rules.data}
          shops={shops.data?.items ?? []}
          allShops={seesAllShops(viewer.role)}
          channels={manageChannels ? (channels.data?.items ?? []) : null}
        />
      ) : (
        <LoadingSkeleton label="Loading rules…" rows={3} />
      )}
      {manageChannels ? (
        channels.isError ? (
          <ErrorState error={channels.error} onRetry={() => void channels.refetch()} />
        ) : channels.data ? (
          <AlertChannels channels={channels.data.items} />
        ) : (
          <LoadingSkeleton label="Loading channels…" rows={2} />
        )
      ) : null}
      {manageChannels && deliveries.isError ? (
        <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : manageChannels && deliveries.data ? (
        <DeliveryLog items={deliveries.data.items} />
      ) : null}
    </div>
  );
}
