import {
  connectionBodySchema,
  connectionChangeBodySchema,
  connectionParamsSchema,
  connectionTestBodySchema,
} from '@/lib/api/connection-schemas';
import {
  accountBodySchema,
  idParamsSchema,
  inviteBodySchema,
  linkBodySchema,
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
  connectionSavedSchema,
  connectionsDataSchema,
  connectionTestSchema,
  linkInfoSchema,
  linkMadeSchema,
  teamSchema,
} from './answers-people';
import { data, type RouteDocs } from './operation';

// Signing in, the person's own account, the team (docs/ARCHITECTURE.md#team-access) and the
// upstream connections.

const session = data(sessionStateSchema);
const link = data(linkMadeSchema);
const connection = data(connectionSavedSchema);

export const PEOPLE_ROUTES: RouteDocs = {
  session: {
    GET: { summary: 'Whether this browser is signed in, and as whom', access: 'public', answer: session },
    POST: {
      summary: 'Signs in with email and password: sets the session cookie',
      description: 'Throttled per client address and per account (429 TOO_MANY_ATTEMPTS, with Retry-After).',
      access: 'public',
      body: signInBodySchema,
      answer: session,
      errors: ['WRONG_PASSWORD', 'TOO_MANY_ATTEMPTS'],
    },
    DELETE: {
      summary: 'Signs out: ends the session and expires the cookie (allowed without a session)',
      access: 'public',
      answer: session,
    },
  },
  setup: {
    POST: {
      summary: 'Creates the first owner, with the set-up token the server printed at start, and signs them in',
      description: '409 CONFLICT once the dashboard has an owner; 403 WRONG_SETUP_TOKEN without the right token.',
      access: 'public',
      body: setupBodySchema,
      status: 201,
      answer: session,
      errors: ['WRONG_SETUP_TOKEN', 'CONFLICT'],
    },
  },
  'links/[token]': {
    GET: {
      summary: 'What a one-time link (an invitation or a password reset) is for',
      access: 'public',
      path: tokenParamsSchema,
      answer: data(linkInfoSchema),
      errors: ['LINK_EXPIRED'],
    },
    POST: {
      summary: 'Uses a one-time link once: sets the password (and name) and signs in',
      access: 'public',
      path: tokenParamsSchema,
      body: linkBodySchema,
      answer: session,
      errors: ['LINK_EXPIRED', 'CONFLICT'],
    },
  },
  account: {
    GET: {
      summary: 'The signed-in person: name, email, role, shops, whether they see costs and profit',
      access: 'account',
      answer: data(personViewSchema),
    },
    PATCH: {
      summary: 'Renames the signed-in person (the name the histories show)',
      access: 'account',
      body: accountBodySchema,
      answer: data(personViewSchema),
    },
  },
  'account/password': {
    POST: {
      summary: "Changes the person's own password: every other session ends, this browser stays signed in",
      access: 'account',
      body: passwordChangeBodySchema,
      answer: data(changedSchema),
      errors: ['WRONG_PASSWORD'],
    },
  },
  'account/sessions': {
    DELETE: {
      summary: 'Signs the person out on every device, this one included',
      access: 'account',
      answer: session,
    },
  },
  team: {
    GET: {
      summary: 'The team: people, pending invitations and reset links, the Team history, the shops that can be granted',
      access: 'manage-team',
      answer: data(teamSchema),
    },
  },
  'team/invitations': {
    POST: {
      summary: 'Invites a person with a role, "can see costs and profit" and shops: a one-time link valid 7 days',
      access: 'manage-team',
      body: inviteBodySchema,
      status: 201,
      answer: link,
      errors: ['CONFLICT'],
    },
  },
  'team/invitations/[id]': {
    POST: {
      summary: 'Resends an invitation or reset link: a new link (the old one stops working), valid 7 days again',
      access: 'manage-team',
      path: idParamsSchema,
      answer: link,
      errors: ['NOT_FOUND'],
    },
    DELETE: {
      summary: 'Revokes a pending invitation or reset link',
      access: 'manage-team',
      path: idParamsSchema,
      answer: data(revokedSchema),
      errors: ['NOT_FOUND'],
    },
  },
  'team/people/[id]': {
    PATCH: {
      summary: 'Changes a person\'s role, "can see costs and profit" or shops; applies on their next request',
      access: 'manage-team',
      path: idParamsSchema,
      body: personChangeBodySchema,
      answer: data(personViewSchema),
      errors: ['NOT_FOUND'],
    },
    DELETE: {
      summary: 'Removes a person: their next request lands on the sign-in page',
      access: 'manage-team',
      path: idParamsSchema,
      answer: data(removedSchema),
      errors: ['NOT_FOUND'],
    },
  },
  'team/people/[id]/reset': {
    POST: {
      summary: 'A one-time link for a person to set a new password',
      access: 'manage-team',
      path: idParamsSchema,
      status: 201,
      answer: link,
      errors: ['NOT_FOUND'],
    },
  },
  'team/people/[id]/sessions': {
    DELETE: {
      summary: 'Ends every session of another person (they sign in again)',
      access: 'manage-team',
      path: idParamsSchema,
      answer: data(endedSchema),
      errors: ['NOT_FOUND'],
    },
  },
  connections: {
    GET: {
      summary: "The upstream connections (the environment's key first), each with a hint of its key and its shop count",
      access: 'manage-connections',
      answer: data(connectionsDataSchema),
    },
    POST: {
      summary: 'Adds a connection once its credentials read the shop list; the secret is sealed and never answered',
      access: 'manage-connections',
      body: connectionBodySchema,
      status: 201,
      answer: connection,
    },
  },
  'connections/test': {
    POST: {
      summary: '"Test connection" before saving: reads the shop list once with these credentials; stores nothing',
      access: 'manage-connections',
      body: connectionTestBodySchema,
      answer: data(connectionTestSchema),
    },
  },
  'connections/[id]': {
    PATCH: {
      summary: 'Renames a connection, or changes its address, key or secret (tested before it is stored)',
      access: 'manage-connections',
      path: connectionParamsSchema,
      body: connectionChangeBodySchema,
      answer: connection,
      errors: ['NOT_FOUND'],
    },
    DELETE: {
      summary: 'Removes a connection: its shops leave the list at once; what the store holds of them stays',
      access: 'manage-connections',
      path: connectionParamsSchema,
      answer: data(connectionRemovedSchema),
      errors: ['NOT_FOUND'],
    },
  },
  'connections/[id]/test': {
    POST: {
      summary: '"Test connection" of a stored connection: one read of its shop list, on its own key\'s budget',
      access: 'manage-connections',
      path: connectionParamsSchema,
      answer: data(connectionTestSchema),
      errors: ['NOT_FOUND'],
    },
  },
};
