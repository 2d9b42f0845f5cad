// The alerts' tables (migration v12; lib/alerts reads and writes them). Times are Unix milliseconds.

/** A rule: what to watch (`kind` and its `params`, JSON), on one shop or every shop (`shop_id` null). */
export interface AlertRuleTable {
  id: string;
  shop_id: string | null;
  kind: string;
  /** JSON: the kind's thresholds (lib/alerts/rules). */
  params: string;
  /** JSON array of channel ids the rule's alerts go to besides the inbox. */
  channels: string;
  cooldown_hours: number;
  enabled: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * One alert: an episode of a rule's condition on one subject (a SKU, an order, a day, the shop).
 * (rule_id, shop_id, subject, seq) is unique: whoever inserts an episode first sends it.
 */
export interface AlertTable {
  id: string;
  rule_id: string;
  shop_id: string;
  subject: string;
  seq: number;
  kind: string;
  /** The title and message in en-US (what the channels were sent; an older row's only words). */
  title: string;
  message: string;
  /** JSON { title, message }: both as sentences (lib/format/sentence), written in each reader's locale; null before v23. */
  words: string | null;
  /** JSON: { value, baseline, unit }. */
  figure: string;
  /** The dashboard path with the view's query string that shows it. */
  link: string;
  /** 1 when the alert names costs or profit (only people who see them get it). */
  needs_profit: number;
  opened_at: number;
  last_seen_at: number;
  /** When the condition cleared (or its cooldown ended with a new episode); null while open. */
  cleared_at: number | null;
}

export interface AlertReadTable {
  person_id: string;
  alert_id: string;
  read_at: number;
}

export interface AlertMuteTable {
  person_id: string;
  rule_id: string;
}

/** Where alerts go besides the inbox: an email address, a Slack incoming webhook, a signed webhook. */
export interface AlertChannelTable {
  id: string;
  kind: string;
  name: string;
  /** An email address as is; a Slack or webhook URL sealed (lib/secrets): the URL itself is a credential. */
  target: string;
  /** What the page shows of the target (an address, or a URL's host). */
  target_hint: string;
  /** A webhook's `whsec_` signing secret, sealed; null for other kinds. */
  secret_sealed: string | null;
  created_by: string | null;
  created_at: number;
}

/** One message to one channel, with its attempts: the delivery log. */
export interface AlertDeliveryTable {
  id: string;
  /** null for a test or a digest. */
  alert_id: string | null;
  channel_id: string;
  /** 'alert' | 'test'. */
  purpose: string;
  /** JSON of what is sent. */
  payload: string;
  /** 'pending' | 'sent' | 'failed'. */
  state: string;
  attempts: number;
  next_at: number;
  /** A sender holds the delivery until then (another instance leaves it alone). */
  claimed_until: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface DigestPrefTable {
  person_id: string;
  daily: number;
  weekly: number;
  /** The hour (0–23) in each shop's time zone. */
  hour: number;
  attach_xlsx: number;
  updated_at: number;
}

/** A digest claimed for a person, a shop and a period (`day:2026-11-25`, `week:2026-11-16`): sent once. */
export interface DigestSentTable {
  person_id: string;
  shop_id: string;
  period: string;
  /** 'sending' | 'sent' | 'retry' (refused for now: sent again later) | 'failed'. */
  state: string;
  at: number;
  error: string | null;
}

/** The scheduler's lease per job: the instance holding it runs the job. */
export interface JobLeaseTable {
  name: string;
  holder: string;
  until: number;
  last_run_at: number | null;
}

export interface AlertTables {
  st_alert_rule: AlertRuleTable;
  st_alert: AlertTable;
  st_alert_read: AlertReadTable;
  st_alert_mute: AlertMuteTable;
  st_alert_channel: AlertChannelTable;
  st_alert_delivery: AlertDeliveryTable;
  st_digest_pref: DigestPrefTable;
  st_digest_sent: DigestSentTable;
  st_job_lease: JobLeaseTable;
}
