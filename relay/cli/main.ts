// `npm run relaydesk -- <command> [options]`: maintenance commands beside the relay itself
// (`npm start`). Each command is a module of this folder, loaded only when run; adding one is
// its module and its line in COMMANDS.
import { CliUsageError } from '../config/cli-options.js';
import type { CliCommand } from './command.js';

const COMMANDS: Record<string, { summary: string; load: () => Promise<CliCommand> }> = {
  migrate: { summary: 'copy an embedded install into an empty PostgreSQL database', load: () => import('./migrate.js') },
  'rotate-secret-key': { summary: 're-encrypt the database secrets under a new secret key', load: () => import('./rotate-secret-key.js') },
};

const usage = `Usage: npm run relaydesk -- <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, { summary }]) => `  ${name.padEnd(20)}${summary}`)
  .join('\n')}

npm run relaydesk -- <command> --help describes a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage);
    return name === undefined ? 2 : 0;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    console.error(`relaydesk: unknown command "${name}".\n\n${usage}`);
    return 2;
  }
  const command = await entry.load();
  if (args.includes('--help') || args.includes('-h')) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(args, process.env);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    console.error(`relaydesk ${name}: ${error.message}\n\n${command.usage}`);
    return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    console.error(`relaydesk: ${error.stack ?? String(error)}`);
    process.exitCode = 1;
  },
);
