// `npm run cli -- <command>`: the admin command line (the API cannot create platforms or keys).
// The commands are in src/cli/commands.ts, loaded once the Node.js version is known to be good.
import { runCommand } from './startup/entry';

await runCommand(async (config) => {
  const { runAdminCommand } = await import('./cli/commands');
  await runAdminCommand(process.argv.slice(2), config);
});
