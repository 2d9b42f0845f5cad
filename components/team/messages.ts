import { sayer } from '@/lib/format/sentence';
import { nodeSayer } from '@/lib/format/sentence-nodes';

// The Account and Team pages' sentences that carry a figure (a time, a day, an amount), each one
// whole template (lib/format/sentence's ICU subset), so a translator reads and reorders them here,
// never pieced together where they are shown (docs/ARCHITECTURE.md#the-persons-locale). Figures are
// values, written in the person's locale.

export const TEAM_MESSAGES = {
  /** A token's or live link's line: what it reads, its expiry or revocation, its last use. */
  token:
    '{kind, select, live {live link of one export} other {read-only token, {reads, select, all {{scope, select, team {every shop its person sees} other {every shop you see}}} other {{shops}}}}} · {state, select, revoked {revoked {at}{revoker, select, named { by {by}} other {}}} expired {expired {at}} lasting {no expiry} other {expires {at}}} · last used {used, select, never {never} other {{lastUsed}}}',
  /** The fold of revoked tokens and live links: how many. */
  revoked: 'Revoked ({count})',
  /** The Account page's summary, at its end: how many shops the person sees (when not every shop). */
  shopCount: '{shops, plural, one {# shop} other {# shops}}.',
  /** A pending one-time link on Team: its address (an element), what it is, its expiry, who made it. */
  pendingLink: '{email} · {kind, select, reset {password reset} other {{role}}} · expires {at} · by {by}',
  /** The latest digest (its shop and day, or the week from that day) is not sent yet: the mail server's reason. */
  digestRetry:
    'Your last digest ({shop}, {period, select, week {the week of {day}} other {{day}}}) is not sent yet: {error}. It is tried again within 15 minutes.',
  /** The latest digest was not sent: the mail server's reason, when it gave one. */
  digestFailed:
    'Your last digest ({shop}, {period, select, week {the week of {day}} other {{day}}}) was not sent: {reason, select, unknown {the mail server refused it} other {{error}}}.',
  /** The latest digest went out (or is going out), at a time in UTC. */
  digestSent:
    'Last digest: {shop}, {period, select, week {the week of {day}} other {{day}}}, {state, select, sent {sent} other {being sent}} {at} UTC.',
  /** "Numbers and dates": a sample amount and day as the person's locale writes them. */
  localeSample: 'Now: {amount} on {day}.',
} as const satisfies Record<string, string>;

/** One of the Account and Team pages' sentences in words, in the person's locale. */
export const say = sayer(TEAM_MESSAGES);

/** … one holding an element (an address in bold) among its words. */
export const sayNodes = nodeSayer(TEAM_MESSAGES);
