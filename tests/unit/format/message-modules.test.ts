import { describe, expect, it } from 'vitest';
import { sayer } from '@/lib/format/sentence';

// Every message module (each page area's components/<area>/messages.ts and the server's own): each
// sentence is one well-formed template a translator can read whole, and writing it with a value for
// each of its parts leaves no brace and, outside a select or plural, shows every part.

const modules = {
  ...import.meta.glob<Record<string, unknown>>('/components/*/messages.ts', { eager: true }),
  ...import.meta.glob<Record<string, unknown>>(
    ['/lib/reports/books-messages.ts', '/lib/server/loaders/read-messages.ts', '/lib/alerts/digest-messages.ts'],
    { eager: true },
  ),
};

/** A module's templates: its one `<AREA>_MESSAGES` export. */
function messagesOf(path: string, module: Record<string, unknown>): Record<string, string> {
  const found = Object.entries(module).filter(([name]) => name.endsWith('_MESSAGES'));
  expect(found, `${path}: one *_MESSAGES export`).toHaveLength(1);
  return found[0]![1] as Record<string, string>;
}

describe('the message modules', () => {
  it('are found for every converted page area and the server', () => {
    const areas = Object.keys(modules).map((p) => p.split('/').at(-2));
    for (const area of ['overview', 'pricing', 'sync', 'settlement', 'pnl-by-month', 'team', 'your-costs'])
      expect(areas).toContain(area);
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(19);
  });

  for (const [path, module] of Object.entries(modules))
    it(`${path}: each one well-formed template whose every part is filled`, () => {
      const messages = messagesOf(path, module);
      const say = sayer(messages);
      for (const [key, template] of Object.entries(messages)) {
        const names = [...template.matchAll(/\{(\w+)/g)].map((m) => m[1]!);
        const values = Object.fromEntries(names.map((n) => [n, { text: `<${n}>` }]));
        const text = say(key, values);
        expect(text, key).not.toMatch(/[{}]/);
        for (const name of new Set(names))
          if (!/select|plural/.test(template)) expect(text, key).toContain(`<${name}>`);
      }
    });
});
