import { z } from 'zod';
import {
  connectionBodySchema,
  connectionChangeBodySchema,
  connectionParamsSchema,
  connectionTestBodySchema,
} from '@/lib/api/connection-schemas';
import {
  accessTokenBodySchema,
  accessTokenListSchema,
  accessTokenMadeSchema,
  accountBodySchema,
  idParamsSchema,
  inviteBodySchema,
  linkBodySchema,
  liveLinkBodySchema,
  liveLinkMadeSchema,
  passwordChangeBodySchema,
  personChangeBodySchema,
  personViewSchema,
  sessionStateSchema,
  setupBodySchema,
  signInBodySchema,
  tokenParamsSchema,
} from '@/lib/team/schemas';
import { changedSchema, endedSchema, removedSchema, revokedSchema } from './answers';
import {
  connectionRemovedSchema,
  connectionChangedSchema,
  connectionSavedSchema,
  connectionsDataSchema,
  connectionTestSchema,
  linkInfoSchema,
  linkMadeSchema,
  teamSchema,
} from './answers-people';
import { declareEndpoints } from './define';
import { LOCALES } from '@/lib/format/locale';

// Signing in, the person's own account, the team (docs/ARCHITECTURE.md#team-access) and the
// upstream connections.

const session = { data: sessionStateSchema };
const localeBodySchema = z.strictObject({ locale: z.enum(LOCALES).nullable() });
const link = { data: linkMadeSchema };
const connection = { data: connectionSavedSchema };

export const PEOPLE_ENDPOINTS = declareEndpoints(
  { tag: 'Sign-in, account, team and connections' },
  {
    'GET session': { summary: 'Whether this browser is signed in, and as whom', access: 'public', answer: session },
    'POST session': {
      summary: 'Signs in with email and password: sets the session cookie',
      description: 'Throttled per client address and per account (429 TOO_MANY_ATTEMPTS, with Retry-After).',
      access: 'public',
      body: signInBodySchema,
      answer: session,
      errors: ['WRONG_PASSWORD', 'TOO_MANY_ATTEMPTS'],
    },
    'DELETE session': {
      summary: 'Signs out: ends the session and expires the cookie (allowed without a session)',
      access: 'public',
      answer: session,
    },
    'POST setup': {
      summary: 'Creates the first owner, with the set-up token the server printed at start, and signs them in',
      description: '409 CONFLICT once the dashboard has an owner; 403 WRONG_SETUP_TOKEN without the right token.',
      access: 'public',
      body: setupBodySchema,
      status: 201,
      answer: session,
      errors: ['WRONG_SETUP_TOKEN', 'CONFLICT'],
    },
    'GET links/[token]': {
      summary: 'What a one-time link (an invitation or a password reset) is for',
      access: 'public',
      params: tokenParamsSchema,
      answer: { data: linkInfoSchema },
      errors: ['LINK_EXPIRED'],
    },
    'POST links/[token]': {
      summary: 'Uses a one-time link once: sets the password (and name) and signs in',
      access: 'public',
      params: tokenParamsSchema,
      body: linkBodySchema,
      answer: session,
      errors: ['LINK_EXPIRED', 'CONFLICT'],
    },
    'GET account': {
      summary: 'The signed-in person: name, email, role, shops, whether they see costs and profit',
      access: 'account',
      answer: { data: personViewSchema },
    },
    'PATCH account': {
      summary: 'Renames the signed-in person (the name the histories show)',
      access: 'account',
      body: accountBodySchema,
      answer: { data: personViewSchema },
    },
    'PUT account/locale': {
      summary: "Sets the locale the person's numbers, amounts and dates are written in (null: as their browser asks)",
      description:
        'The shop\'s currency and time zone stay the shop\'s; the locale changes only how figures are written ("1.234,56 €" in de-DE).',
      access: 'account',
      body: localeBodySchema,
      answer: { data: personViewSchema },
    },
    'POST account/password': {
      summary: "Changes the person's own password: every other session ends, this browser stays signed in",
      access: 'account',
      body: passwordChangeBodySchema,
      answer: { data: changedSchema },
      errors: ['WRONG_PASSWORD'],
    },
    'DELETE account/sessions': {
      summary: 'Signs the person out on every device, this one included',
      access: 'account',
      answer: session,
    },
    'GET account/tokens': {
      summary: "The person's own access tokens and live links, newest first (never their secrets)",
      access: 'account',
      answer: { data: accessTokenListSchema },
    },
    'POST account/tokens': {
      summary:
        'Makes a read-only personal access token (shown this once): a name, an optional expiry, optionally fewer shops',
      description:
        'The token reads the dashboard API as its person reads it at each use (Authorization: Bearer spd_pat_…), on GET routes and exports only; every write refuses it (403 TOKEN_READ_ONLY).',
      access: 'account',
      body: accessTokenBodySchema,
      status: 201,
      answer: { data: accessTokenMadeSchema },
    },
    'POST account/live-links': {
      summary:
        "Makes a live link of one export (shown this once): its address answers that view's CSV, recomputed on each request",
      description:
        "For Google Sheets' IMPORTDATA and Excel's From Web: no cookie needed; read-only, scoped to that export and its view's query, revocable with the tokens.",
      access: 'view',
      body: liveLinkBodySchema,
      status: 201,
      answer: { data: liveLinkMadeSchema },
      errors: ['SHOP_NOT_FOUND'],
    },
    'DELETE account/tokens/[id]': {
      summary: "Revokes an access token or live link: the person's own, or anyone's for owners and admins",
      access: 'account',
      params: idParamsSchema,
      answer: { data: revokedSchema },
      errors: ['NOT_FOUND'],
    },
    'GET team': {
      summary: 'The team: people, pending invitations and reset links, the Team history, the shops that can be granted',
      access: 'manage-team',
      answer: { data: teamSchema },
    },
    'GET team/tokens': {
      summary: "Every person's access tokens and live links, newest first (never their secrets)",
      access: 'manage-team',
      answer: { data: accessTokenListSchema },
    },
    'POST team/invitations': {
      summary: 'Invites a person with a role, "can see costs and profit" and shops: a one-time link valid 7 days',
      access: 'manage-team',
      body: inviteBodySchema,
      status: 201,
      answer: link,
      errors: ['CONFLICT'],
    },
    'POST team/invitations/[id]': {
      summary: 'Resends an invitation or reset link: a new link (the old one stops working), valid 7 days again',
      access: 'manage-team',
      params: idParamsSchema,
      answer: link,
      errors: ['NOT_FOUND'],
    },
    'DELETE team/invitations/[id]': {
      summary: 'Revokes a pending invitation or reset link',
      access: 'manage-team',
      params: idParamsSchema,
      answer: { data: revokedSchema },
      errors: ['NOT_FOUND'],
    },
    'PATCH team/people/[id]': {
      summary: 'Changes a person\'s role, "can see costs and profit" or shops; applies on their next request',
      access: 'manage-team',
      params: idParamsSchema,
      body: personChangeBodySchema,
      answer: { data: personViewSchema },
      errors: ['NOT_FOUND'],
    },
    'DELETE team/people/[id]': {
      summary: 'Removes a person: their next request lands on the sign-in page',
      access: 'manage-team',
      params: idParamsSchema,
      answer: { data: removedSchema },
      errors: ['NOT_FOUND'],
    },
    'POST team/people/[id]/reset': {
      summary: 'A one-time link for a person to set a new password',
      access: 'manage-team',
      params: idParamsSchema,
      status: 201,
      answer: link,
      errors: ['NOT_FOUND'],
    },
    'DELETE team/people/[id]/sessions': {
      summary: 'Ends every session of another person (they sign in again)',
      access: 'manage-team',
      params: idParamsSchema,
      answer: { data: endedSchema },
      errors: ['NOT_FOUND'],
    },
    'GET connections': {
      summary: "The upstream connections (the environment's key first), each with a hint of its key and its shop count",
      access: 'manage-connections',
      answer: { data: connectionsDataSchema },
    },
    'POST connections': {
      summary: 'Adds a connection once its credentials read the shop list; the secret is sealed and never answered',
      access: 'manage-connections',
      body: connectionBodySchema,
      status: 201,
      answer: connection,
    },
    'POST connections/test': {
      summary: '"Test connection" before saving: reads the shop list once with these credentials; stores nothing',
      access: 'manage-connections',
      body: connectionTestBodySchema,
      answer: { data: connectionTestSchema },
    },
    'PATCH connections/[id]': {
      summary: 'Renames a connection, or changes its address, key or secret (tested before it is stored)',
      access: 'manage-connections',
      params: connectionParamsSchema,
      body: connectionChangeBodySchema,
      answer: { data: connectionChangedSchema },
      errors: ['NOT_FOUND'],
    },
    'DELETE connections/[id]': {
      summary: 'Removes a connection: its shops leave the list at once; what the store holds of them stays',
      access: 'manage-connections',
      params: connectionParamsSchema,
      answer: { data: connectionRemovedSchema },
      errors: ['NOT_FOUND'],
    },
    'POST connections/[id]/test': {
      summary: '"Test connection" of a stored connection: one read of its shop list, on its own key\'s budget',
      access: 'manage-connections',
      params: connectionParamsSchema,
      answer: { data: connectionTestSchema },
      errors: ['NOT_FOUND'],
    },
  },
);
