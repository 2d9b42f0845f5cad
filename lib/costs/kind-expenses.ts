import { formatAmount } from './amount';
import { day, money, present, text } from './history';
import type { CostKind } from './kind';
import { NAME_MAX } from './limits';
import type { ExpenseBody } from './schemas';
import { RECURRENCES, type Expense, type Recurrence } from './types';

// Other expenses: once on a day, or monthly/yearly spread over the days (lib/costs/spread).

export const EXPENSES_KIND: CostKind<'expenses', Expense, ExpenseBody> = {
  id: 'expenses',
  path: 'expenses',
  labels: {
    title: 'Other expenses',
    one: 'expense',
    many: 'expenses',
    rowWord: 'an expense',
    notFound: 'That expense no longer exists (it was deleted or undone). Reload to see the current list.',
    counted: 'other expenses',
  },
  figure: 'costs-and-profit',
  dating: 'recurring',
  placement: { on: ['shop'], per: 'spread' },
  store: {
    table: 'st_your_expense',
    columns: ['shop_id', 'id', 'name', 'amount_cents', 'recurrence', 'start_day', 'end_day'],
    toRow: (shopId, e) => ({
      shop_id: shopId,
      id: e.id,
      name: e.name,
      amount_cents: e.amountCents,
      recurrence: e.recurrence,
      start_day: e.startDay,
      end_day: e.endDay,
    }),
    fromRow: (r) => ({
      id: String(r.id),
      name: String(r.name),
      amountCents: Number(r.amount_cents),
      recurrence: String(r.recurrence) as Recurrence,
      startDay: String(r.start_day),
      endDay: r.end_day === null || r.end_day === undefined ? null : String(r.end_day),
    }),
    sortKeys: (e) => [e.startDay, e.name, e.id],
  },
  async fromBody(body, ctx) {
    ctx.checkDays({ startDay: { day: body.startDay }, endDay: { day: body.endDay, kind: 'end' } });
    const { name, amount, recurrence, startDay, endDay } = body;
    return { fields: { name, amountCents: amount, recurrence, startDay, endDay } };
  },
  history: {
    values: async (e) =>
      present({
        name: text(e.name),
        amount: money(e.amountCents),
        recurrence: text(e.recurrence),
        startDay: day(e.startDay),
        endDay: e.endDay ? day(e.endDay) : null,
      }),
    templates: {
      create:
        'Added expense "{name}" {amount} {recurrence, select, once {once on {startDay}} monthly {monthly from {startDay}{endDay, select, none {} other { to {endDay}}}} other {yearly from {startDay}{endDay, select, none {} other { to {endDay}}}}}',
      update:
        'Changed expense "{beforeName}" to "{name}" {amount} {recurrence, select, once {once on {startDay}} monthly {monthly from {startDay}{endDay, select, none {} other { to {endDay}}}} other {yearly from {startDay}{endDay, select, none {} other { to {endDay}}}}}',
      delete:
        'Deleted expense "{name}" {amount} {recurrence, select, once {once on {startDay}} monthly {monthly from {startDay}{endDay, select, none {} other { to {endDay}}}} other {yearly from {startDay}{endDay, select, none {} other { to {endDay}}}}}',
    },
  },
  backup: {
    type: 'expense',
    write: (e) => ({
      day: e.startDay,
      end_day: e.endDay,
      amount: formatAmount(e.amountCents),
      name: e.name,
      recurrence: e.recurrence,
    }),
    read: (r) => {
      const name = r.text('name', NAME_MAX);
      if (!name) r.fail('name', 'is required for an expense');
      const recurrence = r.cell('recurrence');
      if (!(RECURRENCES as readonly string[]).includes(recurrence))
        r.fail('recurrence', `"${recurrence}" must be once, monthly or yearly`);
      let endDay: string | null = null;
      if (r.cell('end_day') !== '') {
        const end = r.dayCell('end_day');
        if (end !== null && r.day !== null && end < r.day) r.fail('end_day', 'must not be earlier than the start day');
        else if (end !== null) {
          endDay = end;
          r.inWindow('end_day', end, 'end');
        }
      }
      if (r.day === null || r.amountCents === null || !name) return null;
      return {
        id: r.id,
        name,
        amountCents: r.amountCents,
        recurrence: recurrence as Recurrence,
        startDay: r.day,
        endDay,
      };
    },
  },
};
