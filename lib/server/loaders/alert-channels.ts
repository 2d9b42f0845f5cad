import 'server-only';
import type { AlertChannelBody, ChannelCreated, ChannelItem, DeliveryItem } from '@/lib/alerts/schemas';
import { addChannel, listChannels, removeChannel } from '@/lib/alerts/channels';
import { listDeliveries, sendTest } from '@/lib/alerts/deliveries';
import { getOrderStore } from '@/lib/store';
import { servingPerson } from '../access';

// The alert channels' API (owners and admins): the channels, adding one (a webhook's signing secret
// answered once), removing one, a test message, and the delivery log.

const db = async () => (await getOrderStore()).db;

export async function loadChannels(): Promise<{ items: ChannelItem[] }> {
  return { items: await listChannels(await db()) };
}

export async function addAlertChannel(body: AlertChannelBody): Promise<ChannelCreated> {
  const person = servingPerson();
  return addChannel(await db(), { id: person.id, name: person.name }, body);
}

export async function removeAlertChannel(id: string): Promise<{ deleted: true }> {
  await removeChannel(await db(), id);
  return { deleted: true };
}

export async function testAlertChannel(id: string): Promise<{ delivery: DeliveryItem }> {
  return { delivery: await sendTest(await db(), id) };
}

export async function loadDeliveries(): Promise<{ items: DeliveryItem[] }> {
  return { items: await listDeliveries(await db()) };
}
