import 'server-only';
import { parseServerConfig, type ServerConfig } from './parse-env';

// The process's configuration (docs/ARCHITECTURE.md#configuration), secrets included: a server-only
// module, so a browser bundle that reaches it fails to build instead of shipping it.

export { DEMO, dataDir, parseServerConfig, type ServerConfig } from './parse-env';

let cached: ServerConfig | undefined;
/** The process's configuration, parsed on first use. */
export function serverConfig(): ServerConfig {
  cached ??= parseServerConfig();
  return cached;
}

/** For tests: use `config` until called again with undefined (then process.env is parsed anew). */
export function setServerConfigForTests(config: ServerConfig | undefined): void {
  cached = config;
}
