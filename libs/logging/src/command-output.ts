/** Where a command-line tool writes; tests pass their own to read what it said. */
export interface CommandOutput {
  info(line: string): void;
  error(line: string): void;
}

export const consoleOutput: CommandOutput = {
  info: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};
