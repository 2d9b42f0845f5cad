// The journal's rules the mapping screen checks as a seller types, without zod
// (docs/ARCHITECTURE.md#journals): the server's body checks a code by the same rule (./journal-schemas).

export const ACCOUNT_CODE_RULE = /^[A-Za-z0-9.-]{1,10}$/;
export const ACCOUNT_CODE_MESSAGE =
  'an account code is 1 to 10 letters, digits, dots or dashes, as in your chart of accounts';
