// Who may do what (docs/ARCHITECTURE.md#team-access). Pure and client-safe: the server enforces
// these rules in the route wrapper and the loaders; the UI only reads them to hide what a person
// cannot use. The README's role table says the same in words.

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};

export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: 'Everything, including people and the upstream connections.',
  admin: 'Everything but removing the owner.',
  editor: 'Sees the shops granted and edits their costs (ad spend, expenses, COGS, exchange rates).',
  viewer: 'Sees the shops granted and exports them; edits nothing.',
};

/**
 * What a route needs (each dashboard route declares one):
 * - `view`: any signed-in person; shop-scoped data only for the shops they may see;
 * - `view-profit`: a page that is all costs and profit (SKU profit, SKU costs, your costs);
 * - `edit-costs`: changes the seller's costs or exchange rates;
 * - `manage-team`: people, invitations, grants;
 * - `manage-connections`: the upstream connections (keys and secrets): the owner alone;
 * - `edit-alerts`: adds, changes and removes alert rules (owners, admins, editors);
 * - `manage-channels`: where alerts go besides the inbox (email, Slack, webhooks), their tests and
 *   delivery log: owners and admins;
 * - `account`: the signed-in person's own account (any role).
 */
export type Permission =
  | 'view'
  | 'view-profit'
  | 'edit-costs'
  | 'edit-alerts'
  | 'manage-team'
  | 'manage-channels'
  | 'manage-connections'
  | 'account';

/** The parts of a person the rules read. */
export interface AccessRules {
  role: Role;
  /** "Can see costs and profit"; always true for owners and admins. */
  seesProfit: boolean;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Owners and admins see every shop; editors and viewers the shops granted to them. */
export function seesAllShops(role: Role): boolean {
  return role === 'owner' || role === 'admin';
}

/** Owners and admins always see costs and profit; for others it is the person's switch. */
export function effectiveSeesProfit(role: Role, switchOn: boolean): boolean {
  return seesAllShops(role) || switchOn;
}

export function allows(person: AccessRules, permission: Permission): boolean {
  switch (permission) {
    case 'view':
    case 'account':
      return true;
    case 'view-profit':
      return person.seesProfit;
    // Editing a cost needs seeing it: an editor without "costs and profit" edits nothing.
    case 'edit-costs':
      return person.role !== 'viewer' && person.seesProfit;
    case 'edit-alerts':
      return person.role !== 'viewer';
    case 'manage-team':
    case 'manage-channels':
      return person.role === 'owner' || person.role === 'admin';
    case 'manage-connections':
      return person.role === 'owner';
  }
}

/** Why a permission is refused, in a sentence the person reads. */
export function refusal(person: AccessRules, permission: Permission): string {
  const role = ROLE_LABELS[person.role].toLowerCase();
  switch (permission) {
    case 'view-profit':
      return 'Your access does not include costs and profit. Ask the owner if you need them.';
    case 'edit-costs':
      return person.role === 'viewer'
        ? 'Viewers cannot change costs or exchange rates; nothing was changed. Ask the owner for the editor role.'
        : 'Your access does not include costs and profit, so you cannot change them; nothing was changed.';
    case 'manage-team':
      return `Only the owner and admins manage the team; your role is ${role}. Nothing was changed.`;
    case 'edit-alerts':
      return 'Viewers cannot add or change alert rules; nothing was changed. Ask the owner for the editor role.';
    case 'manage-channels':
      return `Only the owner and admins manage where alerts are sent; your role is ${role}. Nothing was changed.`;
    case 'manage-connections':
      return `Only the owner manages the upstream connections (their keys and secrets); your role is ${role}. Nothing was changed.`;
    default:
      return 'You are not allowed to do this.';
  }
}

/** The roles `actor` may give (invite as, or change someone to). Nobody makes a second owner here. */
export function assignableRoles(actor: Role): Role[] {
  return actor === 'owner' || actor === 'admin' ? ['admin', 'editor', 'viewer'] : [];
}
