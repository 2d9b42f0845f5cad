// The team's tables (migrations v9, v10, v14 and v20: lib/team and lib/connections read and write them).
// Times are Unix milliseconds.

/** A person who signs in (lib/team). `email` is lower-case; `password_hash` is Argon2id, null until a link is used. */
export interface PersonTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  role: string;
  sees_profit: number;
  created_at: number;
  last_sign_in_at: number | null;
  /** Sessions signed in before this moment (ms) are ended: "sign out everywhere", a role change, a reset. */
  sessions_from: number;
  /** A supported locale tag ("de-DE"), or NULL: as the person's browser asks (Accept-Language). */
  locale: string | null;
}

export interface PersonShopTable {
  person_id: string;
  shop_id: string;
}

/** A one-time link: an invitation (`invite`) or a password reset (`reset`); only the token's hash is kept. */
export interface TeamLinkTable {
  id: string;
  token_hash: string;
  kind: string;
  email: string;
  person_id: string | null;
  role: string;
  sees_profit: number;
  /** JSON array of shop ids. */
  shops: string;
  created_by: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

/** A set-up token printed at start while the store has no owner (lib/team/setup-token): its SHA-256 only. */
export interface SetupTokenTable {
  /** Hex SHA-256 of the token. */
  token_hash: string;
  created_at: number;
}

/** The Team history: who invited, removed, changed a role or grants. Append-only. */
export interface TeamAuditTable {
  id: string;
  at: number;
  actor_id: string | null;
  actor_name: string;
  action: string;
  summary: string;
}

/** An upstream connection (lib/connections); the app secret only sealed (lib/secrets). */
export interface ConnectionTable {
  id: string;
  name: string;
  base_url: string;
  app_key: string;
  /** `v1.<key id>.<iv>.<tag>.<ciphertext>`: never returned by a list or a read, opened for the upstream client only. */
  secret_sealed: string;
  created_at: number;
  updated_at: number;
  /** The person who added it (null: added by the system). */
  created_by: string | null;
}

/**
 * A personal access token (`personal`) or a live link (`live`) of a person (lib/team/tokens): the
 * SHA-256 of its secret only. It reads as its person reads now, never more.
 */
export interface AccessTokenTable {
  id: string;
  /** Hex SHA-256 of the whole token text (prefix included). */
  token_hash: string;
  kind: string;
  person_id: string;
  name: string;
  /** The token's prefix and first characters, to recognise it in a list (`spd_pat_Ab3x…`). */
  hint: string;
  /** JSON array of the shop ids it is narrowed to; null: every shop its person sees. */
  shops: string | null;
  /** A live link's export and view (JSON: endpoint name, path parameters, query); null for a personal token. */
  scope: string | null;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
  /** The name of who revoked it. */
  revoked_by: string | null;
}

export interface TeamTables {
  st_person: PersonTable;
  st_person_shop: PersonShopTable;
  st_team_link: TeamLinkTable;
  st_team_audit: TeamAuditTable;
  st_setup_token: SetupTokenTable;
  st_connection: ConnectionTable;
  st_access_token: AccessTokenTable;
}
