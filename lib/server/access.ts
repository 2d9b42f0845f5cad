import 'server-only';
import type { CsvColumn } from '@/lib/csv';
import { currentPerson, servedPerson } from '@/lib/session/current';
import type { Person } from '@/lib/team/people';
import { allows, refusal, type Permission } from '@/lib/team/roles';
import { DashboardError } from '@/lib/api/dashboard-error';
import { isProfitFigure, visibleFigureNames, withoutProfitFigures } from '@/lib/team/figures';
import { REFUND_DETAIL_PARTS } from '@/lib/contract';
import { resolveLocale, type Locale } from '@/lib/format/locale';
import type { RefundPart } from '@/lib/profit/refunds';

// What the person being served may see (docs/ARCHITECTURE.md#team-access): their shops and, without
// "can see costs and profit", no cost or profit figure in any answer. The route wrapper runs each
// handler as its person (lib/session/current); loaders and exports ask here.

/** Whether the person being served may see `shopId` (a shop not granted is answered as unknown). */
export async function maySeeShop(shopId: string): Promise<boolean> {
  return seesShop(await currentPerson(), shopId);
}

function seesShop(person: Person | 'system' | null, shopId: string): boolean {
  if (person === 'system') return true;
  if (!person) return false;
  return person.shops === 'all' || person.shops.includes(shopId);
}

/** The shops of `shops` the person being served may see. */
export async function visibleShops<T extends { id: string }>(shops: readonly T[]): Promise<T[]> {
  const person = await currentPerson();
  return shops.filter((shop) => seesShop(person, shop.id));
}

/** Whether the person being served sees costs and profit (the sync and scripts do). */
export async function seesProfit(): Promise<boolean> {
  const person = await currentPerson();
  return person === 'system' || (person?.seesProfit ?? false);
}

/**
 * The refund parts the person being served sees: every part, or without costs and profit those
 * that are not fees. Loaders count a refund as the sum of these parts, so a total never carries a
 * fee the answer leaves out (the fee-inclusive value minus the visible parts would give it away).
 */
export async function refundPartsFor(): Promise<RefundPart[]> {
  return refundPartsOf(await seesProfit());
}

/** The refund parts of a person who sees costs and profit or not. */
export function refundPartsOf(sees: boolean): RefundPart[] {
  return visibleFigureNames(REFUND_DETAIL_PARTS, sees);
}

/** `data` as the person being served may see it (every JSON answer of a route passes here). */
export function forServedPerson<T>(data: T): T {
  const person = servedPerson();
  return person && !person.seesProfit ? (withoutProfitFigures(data) as T) : data;
}

/** An export's columns as the person being served may see them. */
export function csvColumnsFor<T>(columns: readonly CsvColumn<T>[]): CsvColumn<T>[] {
  const person = servedPerson();
  return person && !person.seesProfit ? columns.filter((c) => !isProfitFigure(c.header)) : [...columns];
}

/** The signed-in person the route wrapper is serving (routes that are not public). */
export function servingPerson(): Person {
  const person = servedPerson();
  if (!person) throw new DashboardError('UNAUTHENTICATED');
  return person;
}

/**
 * The locale the person served reads in (docs/ARCHITECTURE.md#the-persons-locale): their choice on
 * Account, else their request's `Accept-Language`, as their pages are written.
 */
export function servingLocale(request: Request): Locale {
  return resolveLocale(servingPerson().locale, request.headers.get('accept-language'));
}

/**
 * Refuses `person` a permission their role or switch lacks (403 FORBIDDEN_ROLE, with the table's
 * sentence): the route wrapper's check, and a handler's for a part of its answer (an export's table).
 */
export function requirePermission(person: Person, permission: Permission): void {
  if (!allows(person, permission)) throw new DashboardError('FORBIDDEN_ROLE', refusal(person, permission));
}
