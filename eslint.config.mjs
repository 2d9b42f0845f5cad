import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// A dashboard API path written by hand (see the rule's block below).
const apiPathSyntax = {
  selector: 'Literal[value=/^\\/api\\/dashboard/], TemplateElement[value.raw=/^\\/api\\/dashboard/]',
  message:
    "A dashboard API path is built from its endpoint's name: callApi('GET shops/[shopId]/orders', …) or apiPath(…) of lib/endpoints/client.ts.",
};

// A figure glued into a sentence's words (see the rule's blocks below).
const sentenceSyntax = [
  {
    selector:
      'TemplateLiteral > CallExpression[callee.name=/^(format[A-Z]\\w*|moneyOf)$/], TemplateLiteral > CallExpression[callee.property.name=/^(toLocaleString|toFixed)$/]',
    message:
      "A figure in a sentence is a sentence's value: sentence('… {amount} …', { amount: moneyOf(ctx, cents) }) (lib/format/sentence), or the area's message module's say('…', values), written in the reader's locale where it is read.",
  },
  {
    selector:
      ':matches(JSXElement, JSXFragment):has(> JSXText[value=/[A-Za-z]{2}/]) > JSXExpressionContainer > CallExpression[callee.name=/^format[A-Z]\\w*$/]',
    message:
      "A figure inside a paragraph's words makes a sentence of pieces: put the whole sentence in the area's message module and write it with say('…', values).",
  },
];

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'tests/artifacts/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One concept per module: a source file over 300 lines holds two (split it by concept).
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // The browser calls the dashboard API by an endpoint's name (lib/endpoints/client.ts: callApi,
    // apiPath), so its path, inputs and answer come from the one declaration; a path written by
    // hand is a second declaration that drifts.
    files: ['components/**/*.{ts,tsx}', 'lib/queries/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    ignores: ['app/api/**'],
    rules: {
      'no-restricted-syntax': ['error', apiPathSyntax],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/api/fetch-json',
              message:
                'Call the dashboard API with callApi (lib/endpoints/client.ts): fetchJson is only its transport.',
            },
          ],
        },
      ],
    },
  },
  {
    // What an alert says is read later by each reader in their own locale (docs/ARCHITECTURE.md#the-persons-locale):
    // its sentences are whole templates with their values as data (lib/format/sentence), never text
    // with a figure already written into it in one locale.
    // The books' and the reads' sentences the server writes for a person keep to their message
    // modules too (lib/reports/books-messages.ts, lib/server/loaders/read-messages.ts, lib/alerts/digest-messages.ts).
    files: [
      'lib/alerts/evaluate*.ts',
      'lib/alerts/context.ts',
      'lib/alerts/digest.ts',
      'lib/server/digest-run.ts',
      'lib/reports/month-close.ts',
      'lib/server/actions/books.ts',
      'lib/server/actions/closed-months.ts',
      'lib/server/loaders/books.ts',
      'lib/server/loaders/journal.ts',
      'lib/server/loaders/reports.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...sentenceSyntax] },
  },
  {
    // A page area's sentences are in its message module (components/<area>/messages.ts), whole
    // templates a translator can reorder: no figure glued into a template literal, nor into a
    // paragraph's words in JSX. (The rule repeats the API path's: a later block's rule replaces an
    // earlier one's for the same files.)
    files: ['components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', apiPathSyntax, ...sentenceSyntax] },
  },
  {
    // The test oracle recounts from the spec's words: it must not borrow the code it checks.
    files: ['tests/support/oracle/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/*', '@/lib', '**/lib/*'],
              message:
                'The oracle recounts from the spec (docs/reporting-service.md), never from lib: an oracle that imports the code under test cannot catch its mistakes.',
            },
          ],
        },
      ],
    },
  },
];

export default config;
