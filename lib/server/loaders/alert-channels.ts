import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type { ChannelItem, DeliveryItem } from '@/lib/alerts/schemas';
import { listChannels } from '@/lib/alerts/channels';
import { listDeliveries } from '@/lib/alerts/deliveries';

// The alert channels' API (owners and admins): the channels and the delivery log. Adding, removing
// and testing one: ../actions/alert-channels.

export async function loadChannels(): Promise<{ items: ChannelItem[] }> {
  return { items: await listChannels(await storeDb()) };
}

export async function loadDeliveries(): Promise<{ items: DeliveryItem[] }> {
  return { items: await listDeliveries(await storeDb()) };
}
