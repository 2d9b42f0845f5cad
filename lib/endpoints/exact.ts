import type { z } from 'zod';

// An answer's schema written beside a TypeScript type that already says its shape: `exact<T>()`
// refuses, at compile time, a schema whose output is not exactly T (a field missing, extra or of
// another type), so the documented schema cannot drift from the type the server answers with.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const exact =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : never)): S =>
    schema;
