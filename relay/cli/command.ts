/** A subcommand of `npm run relaydesk`: a module exporting these two (see main.ts). */
export interface CliCommand {
  /** Printed for `--help` and after a usage error. */
  usage: string;
  /** Answers the exit code. Throws CliUsageError (config/cli-options.ts) for bad arguments. */
  run(args: string[], env: NodeJS.ProcessEnv): Promise<number>;
}
