import 'server-only';
import type { ChannelItem, DeliveryItem } from '@/lib/alerts/schemas';
import { listChannels } from '@/lib/alerts/channels';
import { listDeliveries } from '@/lib/alerts/deliveries';
import { getOrderStore } from '@/lib/store';

// The alert channels' API (owners and admins): the channels and the delivery log. Adding, removing
// and testing one: ../actions/alert-channels.

export const db = async () => (await getOrderStore()).db;

export async function loadChannels(): Promise<{ items: ChannelItem[] }> {
  return { items: await listChannels(await db()) };
}

export async function loadDeliveries(): Promise<{ items: DeliveryItem[] }> {
  return { items: await listDeliveries(await db()) };
}
