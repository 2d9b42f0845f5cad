// Lint: no comment cites what a clone does not hold (an issue number, a numbered section of a
// specification kept elsewhere, files outside the repository). The interface is described in
// docs/reporting-service.md; cite its section names instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOTS = ['app', 'components', 'lib', 'scripts', 'tests', '.ci', 'proxy.ts', 'instrumentation.ts'];
const SOURCE = /\.(ts|tsx|mjs|cjs|js|sh)$|^run$/;
const CITATION =
  /\bissues?\s+#?\d+|\bspec(?:\s+section)?\s+\d+(?:\.\d+)?|\bsections?\s+\d+(?:\.\d+)?\b|\.\.\/shared\/|\b(?:TOOLCHAIN|DESIGN|STYLE)\.md\b/i;

function files(path) {
  if (statSync(path).isDirectory())
    return readdirSync(path).flatMap((name) => (name === 'node_modules' ? [] : files(join(path, name))));
  return SOURCE.test(path.split('/').pop()) ? [path] : [];
}

const problems = [];
for (const file of ROOTS.flatMap((root) => {
  try {
    return files(root);
  } catch {
    return [];
  }
})) {
  if (file === 'scripts/check-citations.mjs') continue;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const comment = /(\/\/|\/\*|^\s*\*|#)(.*)$/.exec(line);
      if (comment && CITATION.test(comment[2])) problems.push(`${file}:${index + 1}: ${line.trim()}`);
    });
}
if (problems.length > 0) {
  console.error(
    `Comments cite what the repository does not hold (name the section of docs/ instead):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log('No comment cites anything outside the repository.');
