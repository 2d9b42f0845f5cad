import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import type { AlertChannelBody, ChannelCreated, DeliveryItem } from '@/lib/alerts/schemas';
import { addChannel, removeChannel } from '@/lib/alerts/channels';
import { sendTest } from '@/lib/alerts/deliveries';
import { servingPerson } from '../access';

// The alert channels' changes (owners and admins): adding one (a webhook's signing secret answered
// once), removing one, and a test message (a delivery in the log like any other).

export async function addAlertChannel(body: AlertChannelBody): Promise<ChannelCreated> {
  const person = servingPerson();
  return addChannel(await storeDb(), { id: person.id, name: person.name }, body);
}

export async function removeAlertChannel(id: string): Promise<{ deleted: true }> {
  await removeChannel(await storeDb(), id);
  return { deleted: true };
}

export async function testAlertChannel(id: string): Promise<{ delivery: DeliveryItem }> {
  return { delivery: await sendTest(await storeDb(), id) };
}
