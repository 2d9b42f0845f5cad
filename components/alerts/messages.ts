import { sayer } from '@/lib/format/sentence';
import { nodeSayer } from '@/lib/format/sentence-nodes';

// The Alerts page's sentences that carry a figure (an alert's figure and its times, a delivery's
// outcome, the unread count), each one whole template (lib/format/sentence's ICU subset), so a
// translator reads and reorders them here, never pieced together where they are shown
// (docs/ARCHITECTURE.md#the-persons-locale). Figures are values, written in the person's locale.

export const ALERTS_MESSAGES = {
  /** An alert's figure in percent, to one decimal. */
  percent: '{value}%',
  /** … in percentage points ({abs}: the figure without its sign, for the plural). */
  points: '{value} {abs, plural, one {point} other {points}}',
  /** … in whole hours or minutes. */
  hours: '{hours, plural, one {# hour} other {# hours}}',
  minutes: '{minutes, plural, one {# minute} other {# minutes}}',

  /** An alert in the inbox: its figure ({value} is set in bold), and what it was compared with. */
  figure: 'Figure: {value}',
  figureCompared: 'Figure: {value} (compared with {baseline})',
  /** An alert in the inbox: when it opened and, once it has, when it cleared (each a <time>). */
  opened: 'Opened {opened}',
  openedCleared: 'Opened {opened}, cleared {cleared}',
  /** Beside the inbox's heading. */
  unread: '({count} unread)',
  /** The header's bell (its accessible name). */
  bell: 'Alerts, {count} unread',
  /** A rule's channels, when this person does not see their names. */
  inboxAndChannels: 'Inbox and {count, plural, one {# channel} other {# channels}}',

  /** A delivery's outcome ({http}: the last HTTP status, when there is one). */
  delivered: 'Delivered{http, select, none {} other { (HTTP {http})}}.',
  retrying:
    'Not delivered yet{http, select, none {} other { (HTTP {http})}}: {why}.{next, select, none {} other { Next try {next}.}}',
  failed: 'Not delivered{http, select, none {} other { (HTTP {http})}}: {why}.',
  /** A channel's "Send test" result: its name and the delivery's outcome. */
  testResult: 'Test to “{channel}”: {outcome}',
} as const satisfies Record<string, string>;

/** One of the Alerts page's sentences in words, in the person's locale. */
export const say = sayer(ALERTS_MESSAGES);

/** … with elements (a bold figure, a <time>) among its words. */
export const sayNodes = nodeSayer(ALERTS_MESSAGES);
