import type { ProfitSwitches } from '@/lib/profit';

/** The basis the books are closed under in words: "cancelled orders left out, sample orders as a cost line, with your costs". */
export function basisWords(b: { switches: ProfitSwitches; costs: 'mine' | 'service' }): string {
  return [
    b.switches.includeCancelled ? 'cancelled orders counted' : 'cancelled orders left out',
    b.switches.includeSamples ? 'sample orders counted as sales' : 'sample orders as a cost line',
    b.costs === 'mine' ? 'with your costs' : "with the service's figures only",
  ].join(', ');
}
