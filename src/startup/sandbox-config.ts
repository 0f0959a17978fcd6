// The sandbox's configuration (`npm run sandbox`, src/sandbox.ts). The sandbox answers to a
// published ADMIN key and lets webhook endpoints point at private addresses (receivers on the
// developer's machine), so whoever can call it can make it call into the developer's network and
// read the status codes back from the delivery list. It is therefore reachable from this machine
// only unless HOST says otherwise (and then says so loudly): it listens on loopback, answers
// browsers (CORS) from loopback origins only unless CORS_ORIGINS lists others, and answers only
// requests whose Host names this machine (a page of another name made to resolve to 127.0.0.1, DNS
// rebinding, is its own origin to the browser).
// Imports nothing that loads before the Node.js check of src/startup/entry.ts (types and built-ins).
import { isIP } from 'node:net';
import type { Config, loadConfig } from '../config';

/** HOST=localhost: both loopback addresses (src/startup/listen.ts). */
const LOCALHOST = 'localhost';

/** Any port of the loopback names and addresses, http and https. */
export const LOOPBACK_ORIGINS = ['localhost', '127.0.0.1', '[::1]'].flatMap((host) => [
  `http://${host}:*`,
  `https://${host}:*`,
]);

/** Whether HOST listens on this machine's loopback interface only. */
export function isLoopbackHost(host: string): boolean {
  if (host === LOCALHOST) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && new URL(`http://[${host}]/`).hostname === '[::1]';
}

/** The host names a request on a loopback HOST may give: the loopback ones, and HOST itself. */
function hostNamesOf(host: string): string[] {
  const own = isIP(host) === 6 ? `[${host}]` : host;
  return [...new Set([LOCALHOST, '127.0.0.1', '[::1]', own])];
}

export interface SandboxConfig {
  config: Config;
  /** Set when HOST opens the sandbox beyond this machine: print it where a person reads. */
  warning: string | undefined;
}

export function sandboxConfig(load: typeof loadConfig, env: NodeJS.ProcessEnv, encryptionKey: string): SandboxConfig {
  const loaded = load({
    // Quiet by default: the banner is what a person reads.
    LOG_LEVEL: 'warn',
    // Webhook receivers of a sandbox run on the same machine: private addresses and http are allowed.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // Each session has its own clock (src/store/engine/scope.ts), which the scheduler does not read
    // yet: its schedules would fire on the machine's time, in no session. Off until they do.
    SCHEDULE_POLL_MS: '0',
    ...env,
    HOST: env.HOST || LOCALHOST,
    // CORS_ORIGINS set replaces the default, as it does for npm start: list the loopback ones too to keep them.
    CORS_ORIGINS: env.CORS_ORIGINS ?? LOOPBACK_ORIGINS.join(','),
    ENCRYPTION_KEY: encryptionKey,
  });
  const loopback = isLoopbackHost(loaded.host);
  const config: Config = loopback ? { ...loaded, hostNames: hostNamesOf(loaded.host) } : loaded;
  const warning = loopback
    ? undefined
    : `WARNING: HOST=${loaded.host}: this sandbox, with its published ADMIN key and webhooks to private ` +
      'addresses allowed, answers every host that can reach this address, and can be made to call into ' +
      'your network. Unset HOST to keep it on this machine.';
  return { config, warning };
}
