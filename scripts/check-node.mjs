// Refuses an unsupported Node.js before anything native loads. On Node 20 the app used to build,
// print "Ready" and die with a segmentation fault at its first data request, with no message.
// Plain JavaScript with no imports, so it runs (and explains) on any Node.js old or new.
import { pathToFileURL } from 'node:url';

/** The oldest supported release: package.json "engines" says the same (a test checks). */
export const MIN_NODE = { major: 22, minor: 12 };
export const RECOMMENDED_NODE = 'Node.js 24 LTS';

/** A sentence saying what is wrong with `version` (e.g. "20.20.2"), or null when it is supported. */
export function nodeVersionProblem(version) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number);
  if (Number.isFinite(major) && Number.isFinite(minor)) {
    if (major > MIN_NODE.major || (major === MIN_NODE.major && minor >= MIN_NODE.minor)) return null;
  }
  return (
    `The Shop Profit Dashboard needs Node.js ${MIN_NODE.major}.${MIN_NODE.minor} or newer (${RECOMMENDED_NODE} recommended); ` +
    `this is Node.js ${String(version).replace(/^v/, '')}. Install Node.js 24 (for example \`nvm install\`, which reads .nvmrc), ` +
    'then run `npm ci` and start again.'
  );
}

/** Exits with the explanation when the running Node.js is unsupported. */
export function requireSupportedNode() {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) requireSupportedNode();
