import type { z } from 'zod';

// The one way a zod failure becomes words. Three readers want slightly different sentences: a
// caller of the API (every parameter, "limit: must be at most 100"), the log of a broken upstream
// payload (a few issues with their exact JSON path) and whoever starts the server (the variable's
// name only, never its value). The options say what differs; the shape "path: message; …" is shared.

export interface ZodIssueFormat {
  /** `dotted`: a.b.0 (default); `indexed`: a.b[0]; `top`: the first key only (an env variable's name). */
  path?: 'dotted' | 'indexed' | 'top';
  /** The name of an issue without a path (default `request`). */
  root?: string;
  /** List at most this many issues, then "(and N more)"; all of them by default. */
  max?: number;
  /** Say "is required" for a missing value instead of zod's "expected string, received undefined". */
  missingIsRequired?: boolean;
  /** Drop zod's "Invalid input: " prefix. */
  stripInvalidInput?: boolean;
}

type Issue = z.core.$ZodIssue;

/** The issue's path as written by `style`, or '' for none. */
export function issuePath(path: readonly PropertyKey[], style: ZodIssueFormat['path'] = 'dotted'): string {
  if (style === 'top') return path.length === 0 ? '' : String(path[0]);
  if (style === 'dotted') return path.map(String).join('.');
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc === '' ? String(key) : `${acc}.${String(key)}`),
    '',
  );
}

/** Zod's own words for a wrong type ("Invalid input: expected string, received undefined"), not a schema's. */
const ZOD_OWN_TYPE_MESSAGE = /^Invalid input: expected /;

function issueMessage(issue: Issue, format: ZodIssueFormat): string {
  // A missing value reads "is required", unless its schema says in its own words what to give.
  if (
    format.missingIsRequired &&
    issue.code === 'invalid_type' &&
    issue.input === undefined &&
    ZOD_OWN_TYPE_MESSAGE.test(issue.message)
  )
    return 'is required';
  return format.stripInvalidInput ? issue.message.replace(/^Invalid input: /, '') : issue.message;
}

/** "name: message; name: message" over the error's issues, as `format` says. */
export function formatZodIssues(error: z.ZodError, format: ZodIssueFormat = {}): string {
  const { issues } = error;
  const shown = format.max === undefined ? issues : issues.slice(0, format.max);
  const text = shown
    .map(
      (issue) => `${issuePath(issue.path, format.path) || (format.root ?? 'request')}: ${issueMessage(issue, format)}`,
    )
    .join('; ');
  return issues.length > shown.length ? `${text} (and ${issues.length - shown.length} more)` : text;
}

/** One readable sentence naming every offending parameter, e.g. "limit: must be at most 100" (zod-free: a type import only). */
export function describeIssues(error: z.ZodError): string {
  return formatZodIssues(error, { missingIsRequired: true });
}
