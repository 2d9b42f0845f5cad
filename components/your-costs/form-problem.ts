import { errorCopy } from '@/components/states/error-copy';

// A failed write, split by field. The API names the field first in each problem ("amount: must be
// a number like 12.50; day: …", lib/contract/zod-issues), so a message can sit beside the field it
// is about; anything that names no field of the form is the form's own message.

export interface FormProblem {
  fields: Partial<Record<string, string>>;
  general: string | null;
}

export const NO_PROBLEM: FormProblem = { fields: {}, general: null };

export function formProblem(error: unknown, fields: readonly string[]): FormProblem {
  const message = errorCopy(error).message;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code !== 'INVALID_REQUEST') return { fields: {}, general: message };
  const result: FormProblem = { fields: {}, general: null };
  const rest: string[] = [];
  for (const part of message.split(/;\s+/)) {
    const match = /^([A-Za-z][\w.]*):\s*(.+)$/.exec(part.trim());
    const field = match?.[1];
    if (match && field && fields.includes(field) && !result.fields[field])
      result.fields[field] = `${field}: ${match[2]}`;
    else rest.push(part.trim());
  }
  result.general = rest.length > 0 ? rest.join('; ') : null;
  return result;
}
