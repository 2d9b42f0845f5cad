// Lint: docs/ARCHITECTURE.md's Layout table says what each folder may import; scripts/layout.cjs
// is what dependency-cruiser enforces. They must say the same, row by row. And the layers: no folder
// may import one of a layer above its own (an arrow back up), the folders import one another
// without a circle, and the doc's "Layers" list names the same layers in the same order.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { LAYERS, MAY_IMPORT } = createRequire(import.meta.url)('./layout.cjs');
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

const layerOf = new Map(LAYERS.flatMap((folders, index) => folders.map((folder) => [folder, index])));
let arrows = 0;
for (const [folder, allowed] of Object.entries(MAY_IMPORT)) {
  if (!layerOf.has(folder)) problems.push(`${folder}: in no layer of scripts/layout.cjs`);
  for (const target of allowed) {
    arrows += 1;
    if (layerOf.get(target) > layerOf.get(folder))
      problems.push(
        `${folder} → ${target}: an arrow back up (layer ${layerOf.get(folder) + 1} imports layer ${layerOf.get(target) + 1})`,
      );
  }
}
for (const folder of layerOf.keys())
  if (!(folder in MAY_IMPORT)) problems.push(`${folder}: a layer's folder not in MAY_IMPORT`);

// A circle between folders (each import allowed, the loop not): depth-first, the path kept.
const circles = [];
const done = new Set();
const visit = (folder, path) => {
  if (path.includes(folder)) return void circles.push([...path.slice(path.indexOf(folder)), folder].join(' → '));
  if (done.has(folder)) return;
  for (const target of MAY_IMPORT[folder] ?? []) visit(target, [...path, folder]);
  done.add(folder);
};
for (const folder of Object.keys(MAY_IMPORT)) visit(folder, []);
for (const circle of circles) problems.push(`folders in a circle: ${circle}`);

const listed = doc.slice(doc.indexOf('### Layers')).split('\n');
const docLayers = listed
  .slice(
    1,
    listed.findIndex((line, index) => index > 2 && line.trim() === '' && !/^\d+\. /.test(listed[index + 1] ?? '')),
  )
  .filter((line) => /^\d+\. /.test(line))
  .map((line) =>
    [...line.matchAll(/`([^`]+)`/g)]
      .map((m) => m[1])
      .sort()
      .join(', '),
  );
const codeLayers = LAYERS.map((folders) => [...folders].sort().join(', '));
if (docLayers.join('\n') !== codeLayers.join('\n'))
  problems.push(
    `the "Layers" list says\n  ${docLayers.join('\n  ')}\nscripts/layout.cjs\n  ${codeLayers.join('\n  ')}`,
  );

if (problems.length > 0) {
  console.error(
    `docs/ARCHITECTURE.md's Layout table, its layers and scripts/layout.cjs disagree:\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `The Layout table matches scripts/layout.cjs (${documented.size} folders, ${LAYERS.length} layers, ${arrows} allowed imports: 0 back up, 0 circles).`,
);
