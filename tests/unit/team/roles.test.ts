import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allows,
  assignableRoles,
  effectiveSeesProfit,
  GRANTABLE_ROLES,
  PERMISSIONS,
  refusal,
  ROLES,
  seesAllShops,
} from '@/lib/team/roles';
import { inviteBodySchema, personChangeBodySchema } from '@/lib/team/schemas';

describe('the role table', () => {
  it('the Team page gives every role but the owner, and only people who manage the team give any', () => {
    expect(GRANTABLE_ROLES).toEqual(['admin', 'editor', 'viewer']);
    expect(assignableRoles({ role: 'admin', seesProfit: true })).toEqual(['admin', 'editor', 'viewer']);
    expect(assignableRoles({ role: 'editor', seesProfit: true })).toEqual([]);
  });

  it('the bodies accept exactly the roles the Team page gives, and say which in the refusal', () => {
    const body = { email: 'a@b.example', shops: [] };
    for (const role of GRANTABLE_ROLES) expect(inviteBodySchema.safeParse({ ...body, role }).success).toBe(true);
    const owner = inviteBodySchema.safeParse({ ...body, role: 'owner' });
    expect(owner.success).toBe(false);
    expect(owner.error?.issues[0]?.message).toBe('must be admin, editor or viewer');
    expect(personChangeBodySchema.safeParse({ role: 'owner' }).success).toBe(false);
  });

  it('owners and admins see every shop and always costs and profit; others by grant and switch', () => {
    expect(seesAllShops('owner') && seesAllShops('admin')).toBe(true);
    expect(seesAllShops('editor') || seesAllShops('viewer')).toBe(false);
    expect(effectiveSeesProfit('admin', false)).toBe(true);
    expect(effectiveSeesProfit('viewer', false)).toBe(false);
    expect(effectiveSeesProfit('viewer', true)).toBe(true);
  });

  it('editing costs needs the role and the switch, and the refusal says which is missing', () => {
    const editorOn = { role: 'editor' as const, seesProfit: true };
    const editorOff = { role: 'editor' as const, seesProfit: false };
    const viewerOn = { role: 'viewer' as const, seesProfit: true };
    expect(allows(editorOn, 'edit-costs')).toBe(true);
    expect(allows(editorOff, 'edit-costs')).toBe(false);
    expect(allows(viewerOn, 'edit-costs')).toBe(false);
    expect(refusal(editorOff, 'edit-costs')).toBe(
      'Your access does not include costs and profit, so you cannot change them; nothing was changed.',
    );
    expect(refusal(viewerOn, 'edit-costs')).toBe(
      'Viewers cannot change costs or exchange rates; nothing was changed. Ask the owner for the editor role.',
    );
  });

  it('a refusal names who may, from the table', () => {
    const editor = { role: 'editor' as const, seesProfit: true };
    expect(refusal(editor, 'manage-team')).toBe(
      'Only the owner and admins manage the team; your role is editor. Nothing was changed.',
    );
    const admin = { role: 'admin' as const, seesProfit: true };
    expect(allows(admin, 'manage-connections')).toBe(false);
    expect(refusal(admin, 'manage-connections')).toMatch(/^Only the owner manages the upstream connections/);
  });

  it("docs/ARCHITECTURE.md's permission table is the code's, cell for cell", () => {
    const doc = readFileSync(join(process.cwd(), 'docs', 'ARCHITECTURE.md'), 'utf8');
    const rows = Object.fromEntries(
      [...doc.matchAll(/^\| `([a-z-]+)` \| ((?:(?:yes|no|profit) \| ){4})/gm)].map((m) => [
        m[1]!,
        m[2]!
          .split('|')
          .map((cell) => cell.trim())
          .filter(Boolean),
      ]),
    );
    const table = Object.fromEntries(
      Object.entries(PERMISSIONS).map(([name, entry]) => [name, ROLES.map((role) => entry.roles[role])]),
    );
    expect(rows).toEqual(table);
  });
});
