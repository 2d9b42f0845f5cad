import pkg from '@/package.json';

/** The dashboard's version (package.json), named in backups and in what `npm start` serves. */
export const DASHBOARD_VERSION: string = pkg.version;
