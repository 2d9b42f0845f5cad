import { z } from 'zod';

// Small answers a route writes inline (`{ deleted: true }`): their schemas for the API's
// description, so those answers are documented rather than left as "no schema".

const done = <K extends string>(key: K) => z.object({ [key]: z.literal(true) } as Record<K, z.ZodLiteral<true>>);

/** A removal that answers nothing else. */
export const deletedSchema = done('deleted');
/** The person's password was changed. */
export const changedSchema = done('changed');
/** An invitation or reset link was revoked. */
export const revokedSchema = done('revoked');
/** A person was removed from the team. */
export const removedSchema = done('removed');
/** Every session of a person was ended. */
export const endedSchema = done('ended');
/** How many alerts of the person's inbox are still unread. */
export const unreadSchema = z.object({ unread: z.number().int().min(0) });
