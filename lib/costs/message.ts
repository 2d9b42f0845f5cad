// A sentence template with named parts, in the ICU message syntax's small subset a translator
// already knows: `{name}`, `{name, select, a {…} other {…}}` and `{n, plural, =0 {…} one {# …} other {# …}}`.
// The whole sentence is one template, so its words can be reordered; the parts are filled in.

/** One part of a sentence: its words, the key a `select` matches (`none` when absent) and, for `plural`, its number. */
export interface MessagePart {
  text: string;
  key: string;
  count?: number;
  /** How `#` writes the count in a `plural` (its number as the locale writes it); the plain number when absent. */
  countText?: string;
}

/** The end of the `{…}` block opening at `open` (the index of its closing brace). */
function closing(template: string, open: number): number {
  let depth = 0;
  for (let i = open; i < template.length; i++) {
    if (template[i] === '{') depth++;
    else if (template[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`Unclosed "{" in the template "${template}"`);
}

/** `key {body} key {body}` → key → body. */
function options(source: string, template: string): Map<string, string> {
  const out = new Map<string, string>();
  let rest = source.trim();
  while (rest !== '') {
    const open = rest.indexOf('{');
    if (open < 0) throw new Error(`An option without a body in the template "${template}"`);
    const end = closing(rest, open);
    out.set(rest.slice(0, open).trim(), rest.slice(open + 1, end));
    rest = rest.slice(end + 1).trim();
  }
  return out;
}

function choose(kind: string, body: string, part: MessagePart | undefined, template: string): string {
  const opts = options(body, template);
  if (kind === 'select') return opts.get(part?.key ?? 'none') ?? opts.get('other') ?? '';
  const n = part?.count ?? 0;
  const chosen = opts.get(`=${n}`) ?? (n === 1 ? opts.get('one') : undefined) ?? opts.get('other') ?? '';
  return chosen.replaceAll('#', part?.countText ?? String(n));
}

/** The template with every part filled in by `part(name)`. */
export function fillMessage(template: string, part: (name: string) => MessagePart | undefined): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) return out + template.slice(i);
    out += template.slice(i, open);
    const end = closing(template, open);
    const inner = template.slice(open + 1, end);
    const [name = '', kind, ...body] = inner.split(',');
    if (kind === undefined) out += part(name.trim())?.text ?? '';
    else {
      const chosen = choose(kind.trim(), body.join(','), part(name.trim()), template);
      out += fillMessage(chosen, part);
    }
    i = end + 1;
  }
  return out;
}
