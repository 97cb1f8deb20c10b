import { parseArgs } from 'node:util';
import type { CommandOutput } from '@portal/logging';

const DEFAULT_BATCH = 10;

/**
 * The file-moving commands' one option, `--batch N` (files per transaction, 1 to 1000,
 * default 10). Anything else is refused with the reason and the command's usage line:
 * returns the batch size, or null when the command must exit 1.
 */
export function batchOption(argv: string[], usage: string, output: CommandOutput): number | null {
  try {
    const { values } = parseArgs({ args: argv, options: { batch: { type: 'string' } }, strict: true, allowPositionals: false });
    const batch = values.batch === undefined ? DEFAULT_BATCH : Number(values.batch);
    if (!Number.isInteger(batch) || batch < 1 || batch > 1000) throw new Error('--batch must be a whole number from 1 to 1000');
    return batch;
  } catch (error) {
    output.error(error instanceof Error ? error.message : String(error));
    output.error(usage);
    return null;
  }
}
