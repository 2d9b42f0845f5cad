import { addDays, dayCount, eachShopDay } from '@/lib/time';
import type { AdSpend, CostDay, Expense } from './types';

// Expenses spread over days (docs/ARCHITECTURE.md#your-costs). A monthly amount is spread evenly
// over the days of each calendar month, a yearly one over the days of each calendar year; the
// shares are whole cents that add up exactly to the amount over a whole month or year (day i of n
// gets ⌊(i+1)·A/n⌋ − ⌊i·A/n⌋). Only the days from startDay to endDay count (a partial first or
// last month counts its days' shares). A one-off expense is its whole amount on startDay.

function periodOf(day: CostDay, recurrence: 'monthly' | 'yearly'): { first: CostDay; days: number; index: number } {
  const first = recurrence === 'monthly' ? `${day.slice(0, 8)}01` : `${day.slice(0, 4)}-01-01`;
  const next = recurrence === 'monthly' ? nextMonth(first) : `${Number(day.slice(0, 4)) + 1}-01-01`;
  return { first, days: dayCount(first, addDays(next, -1)), index: dayCount(first, day) - 1 };
}

function nextMonth(first: CostDay): CostDay {
  const y = Number(first.slice(0, 4));
  const m = Number(first.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The share of an expense that falls on one day (cents, ≥ 0). */
export function expenseOnDay(expense: Expense, day: CostDay): number {
  if (day < expense.startDay || (expense.endDay !== null && day > expense.endDay)) return 0;
  if (expense.recurrence === 'once') return day === expense.startDay ? expense.amountCents : 0;
  const { days, index } = periodOf(day, expense.recurrence);
  const a = expense.amountCents;
  return Math.floor(((index + 1) * a) / days) - Math.floor((index * a) / days);
}

/** Σ of every expense per day of [from, to] (only days with an amount). */
export function expensesByDay(expenses: readonly Expense[], from: CostDay, to: CostDay): Map<CostDay, number> {
  const out = new Map<CostDay, number>();
  if (from > to) return out;
  for (const e of expenses) {
    const start = e.startDay > from ? e.startDay : from;
    const end = e.endDay !== null && e.endDay < to ? e.endDay : to;
    if (start > end) continue;
    const days =
      e.recurrence !== 'once' ? eachShopDay(start, end) : e.startDay >= from && e.startDay <= to ? [e.startDay] : [];
    for (const day of days) {
      const cents = expenseOnDay(e, day);
      if (cents !== 0) out.set(day, (out.get(day) ?? 0) + cents);
    }
  }
  return out;
}

/** Ad spend entries of [from, to]. */
export function adSpendIn(entries: readonly AdSpend[], from: CostDay, to: CostDay): AdSpend[] {
  return entries.filter((e) => e.day >= from && e.day <= to);
}
