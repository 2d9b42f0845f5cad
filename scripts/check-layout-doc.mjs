// Lint: docs/ARCHITECTURE.md's Layout table says what each folder may import; scripts/layout.cjs
// is what dependency-cruiser enforces. They must say the same, row by row.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { MAY_IMPORT } = createRequire(import.meta.url)('./layout.cjs');
const doc = readFileSync('docs/ARCHITECTURE.md', 'utf8');
const start = doc.indexOf('| folder | owns | may import');
const rows = doc.slice(start).split('\n').slice(2);
const documented = new Map();
for (const row of rows) {
  if (!row.startsWith('|')) break;
  const cells = row.split(' | ');
  const folder = /`([^`]+)`/.exec(cells[0])?.[1];
  if (!folder || folder === 'tests/') continue;
  const allowed = [...(cells.at(-1) ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  documented.set(folder, allowed);
}

const problems = [];
for (const [folder, allowed] of Object.entries(MAY_IMPORT)) {
  const said = documented.get(folder);
  if (!said) {
    problems.push(`${folder}: in scripts/layout.cjs, not in the table`);
    continue;
  }
  const a = [...allowed].sort().join(', ');
  const b = [...said].sort().join(', ');
  if (a !== b) problems.push(`${folder}: the table says [${b}], scripts/layout.cjs [${a}]`);
}
for (const folder of documented.keys())
  if (!(folder in MAY_IMPORT)) problems.push(`${folder}: in the table, not in scripts/layout.cjs`);

if (problems.length > 0) {
  console.error(`docs/ARCHITECTURE.md's Layout table and scripts/layout.cjs disagree:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`The Layout table matches scripts/layout.cjs (${documented.size} folders).`);
