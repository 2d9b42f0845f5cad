import 'server-only';
import { getOrderStore } from '@/lib/store';

/**
 * The process's store database, for the loaders and actions that read or write it directly. It
 * calls getOrderStore across a module boundary, so a test's mock of getOrderStore reaches it too.
 */
export async function storeDb() {
  return (await getOrderStore()).db;
}
