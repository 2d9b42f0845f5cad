// Who may do what (docs/ARCHITECTURE.md#team-access): one role × permission table, and everything
// else derived from it — `allows`, the refusal sentences, the roles the Team page may give, the
// zod enums (lib/team/schemas.ts), who sees every shop and who always sees costs and profit.
// Pure and client-safe: the server enforces it in the route wrapper and the loaders; the UI only
// reads it to leave out what a person cannot use.

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Each role's words, and whether the Team page may give it (nobody makes a second owner there). */
export const ROLE_TABLE = {
  owner: { label: 'Owner', summary: 'Everything, including people and the upstream connections.', grantable: false },
  admin: { label: 'Admin', summary: 'Everything but changing or removing the owner.', grantable: true },
  editor: {
    label: 'Editor',
    summary: 'Sees the shops granted and edits their costs (every kind on Your costs) and exchange rates.',
    grantable: true,
  },
  viewer: { label: 'Viewer', summary: 'Sees the shops granted and exports them; edits nothing.', grantable: true },
} as const satisfies Record<Role, { label: string; summary: string; grantable: boolean }>;

/**
 * How a role holds a permission: `yes`; `profit`, only with the person's "can see costs and
 * profit" switch on (off, the person is refused as if the role lacked it, with its own sentence);
 * `no`.
 */
type Holds = 'yes' | 'profit' | 'no';

interface PermissionEntry {
  /** Each role's column. */
  roles: Record<Role, Holds>;
  /** What the person reads when their role lacks it (`role`: theirs). */
  refusal: (role: Role) => string;
  /** What the person reads when only their switch is off. */
  withoutProfit?: string;
  /** Why a page that needs it is closed (app/forbidden.tsx), after "You don't have access to <page>: ". */
  page?: () => string;
}

const PROFIT_OFF = 'Your access does not include costs and profit. Ask the owner if you need them.';

/** What a route or a page needs, or a loader asks: each a row of the table below. */
export type Permission =
  | 'view'
  | 'account'
  | 'view-profit'
  | 'see-all-shops'
  | 'edit-costs'
  | 'edit-alerts'
  | 'manage-team'
  | 'manage-owner'
  | 'manage-channels'
  | 'close-books'
  | 'manage-connections';

/**
 * The table. An endpoint declares one permission (its `access`, lib/endpoints), a page one (lib/team/pages.ts);
 * `see-all-shops` and `manage-owner` are asked by the loaders (every shop without grants; change,
 * reset or remove an owner).
 */
export const PERMISSIONS: Record<Permission, PermissionEntry> = {
  view: { roles: { owner: 'yes', admin: 'yes', editor: 'yes', viewer: 'yes' }, refusal: () => NOT_ALLOWED },
  account: { roles: { owner: 'yes', admin: 'yes', editor: 'yes', viewer: 'yes' }, refusal: () => NOT_ALLOWED },
  'view-profit': {
    roles: { owner: 'yes', admin: 'yes', editor: 'profit', viewer: 'profit' },
    refusal: () => PROFIT_OFF,
    withoutProfit: PROFIT_OFF,
    page: () => `it shows costs and profit, which your account doesn't include. Ask the shop's owner or an admin.`,
  },
  'see-all-shops': {
    roles: { owner: 'yes', admin: 'yes', editor: 'no', viewer: 'no' },
    refusal: () => `Only ${holders('see-all-shops')} see every shop; pick a shop. Nothing was changed.`,
  },
  // Editing a cost needs seeing it: an editor without "costs and profit" edits nothing.
  'edit-costs': {
    roles: { owner: 'yes', admin: 'yes', editor: 'profit', viewer: 'no' },
    refusal: (role) =>
      `${plural(role)} cannot change costs or exchange rates; nothing was changed. Ask the owner for ${leastRole('edit-costs')}.`,
    withoutProfit: 'Your access does not include costs and profit, so you cannot change them; nothing was changed.',
  },
  'edit-alerts': {
    roles: { owner: 'yes', admin: 'yes', editor: 'yes', viewer: 'no' },
    refusal: (role) =>
      `${plural(role)} cannot add or change alert rules; nothing was changed. Ask the owner for ${leastRole('edit-alerts')}.`,
  },
  'manage-team': {
    roles: { owner: 'yes', admin: 'yes', editor: 'no', viewer: 'no' },
    refusal: (role) =>
      `Only ${holders('manage-team')} manage the team; your role is ${lower(role)}. Nothing was changed.`,
    page: () => `it manages people and what they may see, which only ${holders('manage-team', "the shop's")} do.`,
  },
  'manage-owner': {
    roles: { owner: 'yes', admin: 'no', editor: 'no', viewer: 'no' },
    refusal: () => `Only ${holders('manage-owner')} can change the owner; nothing was changed.`,
  },
  'manage-channels': {
    roles: { owner: 'yes', admin: 'yes', editor: 'no', viewer: 'no' },
    refusal: (role) =>
      `Only ${holders('manage-channels')} manage where alerts are sent; your role is ${lower(role)}. Nothing was changed.`,
  },
  // Closing and reopening a month, and the accounts its journal posts to: the books' keepers.
  'close-books': {
    roles: { owner: 'yes', admin: 'yes', editor: 'no', viewer: 'no' },
    refusal: (role) =>
      `Only ${holders('close-books')} close or reopen a month and set the accounts of its journal; your role is ${lower(role)}. Nothing was changed.`,
  },
  'manage-connections': {
    roles: { owner: 'yes', admin: 'no', editor: 'no', viewer: 'no' },
    refusal: (role) =>
      `Only ${holders('manage-connections')} manages the upstream connections (their keys and secrets); your role is ${lower(role)}. Nothing was changed.`,
    page: () => `it holds the shops' upstream keys and secrets, which only ${holders('manage-connections')} manages.`,
  },
};

const NOT_ALLOWED = 'You are not allowed to do this.';
const lower = (role: Role) => ROLE_TABLE[role].label.toLowerCase();
const plural = (role: Role) => `${ROLE_TABLE[role].label}s`;

/** The roles that hold `permission` outright, in words: "the owner and admins" (a role nobody is given is one person). */
function holders(permission: Permission, the = 'the'): string {
  const names = ROLES.filter((r) => PERMISSIONS[permission].roles[r] === 'yes').map((r) =>
    ROLE_TABLE[r].grantable ? `${lower(r)}s` : `${the} ${lower(r)}`,
  );
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'nobody');
}

/** The least role that holds `permission` (ROLES runs from most to least): "the editor role". */
function leastRole(permission: Permission): string {
  const role = ROLES.findLast((r) => PERMISSIONS[permission].roles[r] !== 'no');
  return role ? `the ${lower(role)} role` : 'a role that may';
}

/** The parts of a person the rules read. */
export interface AccessRules {
  role: Role;
  /** "Can see costs and profit", as it applies: always true for a role that holds `view-profit` outright. */
  seesProfit: boolean;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function allows(person: AccessRules, permission: Permission): boolean {
  const holds = PERMISSIONS[permission].roles[person.role];
  return holds === 'yes' || (holds === 'profit' && person.seesProfit);
}

/** Why a permission is refused, in a sentence the person reads. */
export function refusal(person: AccessRules, permission: Permission): string {
  const e = PERMISSIONS[permission];
  return e.roles[person.role] === 'profit' && e.withoutProfit ? e.withoutProfit : e.refusal(person.role);
}

/** Why a page that needs `permission` is closed to a person, when it says more than "no access". */
export function pageRefusal(permission: Permission): string | undefined {
  return PERMISSIONS[permission].page?.();
}

/** Whether the role sees every shop (no grants); others see the shops granted to them. */
export function seesAllShops(role: Role): boolean {
  return PERMISSIONS['see-all-shops'].roles[role] === 'yes';
}

/** Whether the role sees costs and profit whatever the person's switch says. */
export function alwaysSeesProfit(role: Role): boolean {
  return PERMISSIONS['view-profit'].roles[role] === 'yes';
}

/** Whether a person of `role` sees costs and profit, given their switch. */
export function effectiveSeesProfit(role: Role, switchOn: boolean): boolean {
  return alwaysSeesProfit(role) || switchOn;
}

type Grantable<R extends Role> = R extends Role
  ? (typeof ROLE_TABLE)[R]['grantable'] extends true
    ? R
    : never
  : never;
export type GrantableRole = Grantable<Role>;

/** The roles the Team page may give (invite as, or change someone to), from most to least. */
export const GRANTABLE_ROLES = ROLES.filter(isGrantable) as [GrantableRole, ...GrantableRole[]];

export function isGrantable(role: Role): role is GrantableRole {
  return ROLE_TABLE[role].grantable;
}

/** The roles `actor` may give: the grantable ones to a person who manages the team, else none. */
export function assignableRoles(actor: AccessRules): readonly GrantableRole[] {
  return allows(actor, 'manage-team') ? GRANTABLE_ROLES : [];
}

export function roleLabel(role: Role): string {
  return ROLE_TABLE[role].label;
}

export function roleSummary(role: Role): string {
  return ROLE_TABLE[role].summary;
}
