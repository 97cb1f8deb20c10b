import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as contracts from '../index';
import { BACKEND_SERVICES } from '../common/health';
import { CommandDefinition } from '../common/messages';
import { allCommands, BUS_ACCESS, BUS_PROCESSES, BusProcess, commandsServedBy } from './access';

/**
 * Keeps BUS_ACCESS true to the code: every command a process sends and every stream it
 * reads must be declared there (the generated NATS permissions would refuse it), and
 * nothing declared may be unused (a permission nobody needs).
 */
const ROOT = join(__dirname, '..', '..', '..', '..');

/** A process's own code: tests and test helpers are left out (they run elsewhere, with their own login). */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.(int-|e2e-)?spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

const exported = contracts as unknown as Record<string, unknown>;

function isCommand(value: unknown): value is CommandDefinition {
  return typeof value === 'object' && value !== null && (value as CommandDefinition).kind === 'command';
}

function commandsIn(value: unknown): CommandDefinition[] {
  if (isCommand(value)) return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(commandsIn);
  return [];
}

/** The first argument of a call starting at `start` (just after its opening parenthesis). */
function firstArgument(text: string, start: number): string {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) {
      if (depth === 0) return text.slice(start, index).trim();
      depth--;
    } else if (char === ',' && depth === 0) return text.slice(start, index).trim();
  }
  return text.slice(start).trim();
}

/**
 * The commands an argument of `.send(` names: `LedgerCommands.getBalance`, a group indexed
 * at run time (`DataExportCommands[service]`: all of it), a contracts function
 * (`healthCommand(service)`: for every service). Null when it names nothing of the contracts.
 */
function resolve(argument: string): CommandDefinition[] | null {
  const call = /^(\w+)\(/.exec(argument);
  if (call && typeof exported[call[1]] === 'function') {
    const made = BACKEND_SERVICES.flatMap((service) => commandsIn((exported[call[1]] as (service: string) => unknown)(service)));
    return made.length > 0 ? made : null;
  }
  const path = /^(\w+)((?:\.\w+)*)/.exec(argument);
  if (!path || !(path[1] in exported)) return null;
  let value: unknown = exported[path[1]];
  for (const key of path[2].split('.').filter(Boolean)) value = (value as Record<string, unknown>)?.[key];
  const found = commandsIn(value);
  return found.length > 0 ? found : null;
}

interface Found {
  calls: Map<string, string>;
  durables: Set<string>;
  liveStreams: Set<string>;
  unresolved: string[];
}

const SERVICE_CLIENT = /(^|\.)(services|client|serviceClient)$/;

/** The files a process runs: its app, and for a service the shared service runtime (libs/messaging; its platform settings count where a service imports them). */
function filesOf(process: BusProcess): string[] {
  const runtime = process === 'gateway' ? [] : sourceFiles(join(ROOT, 'libs', 'messaging', 'src')).filter((file) => !file.endsWith('platform-settings.ts'));
  return [...sourceFiles(join(ROOT, 'apps', process, 'src')), ...runtime];
}

function scan(process: BusProcess): Found {
  const found: Found = { calls: new Map(), durables: new Set(), liveStreams: new Set(), unresolved: [] };
  for (const file of filesOf(process)) {
    const text = readFileSync(file, 'utf8');
    const where = relative(ROOT, file);
    for (const match of text.matchAll(/([\w$.]*)\.send\(/g)) {
      const argument = firstArgument(text, (match.index ?? 0) + match[0].length);
      const commands = resolve(argument);
      if (commands) for (const command of commands) found.calls.set(command.subject, where);
      // A forwarder's parameter (`command: CommandDefinition<P, R>`): its callers name the commands, counted below.
      else if (SERVICE_CLIENT.test(match[1]) && !new RegExp(`\\b${argument}\\??: CommandDefinition\\b`).test(text)) found.unresolved.push(`${where}: ${match[0]}${argument}`);
    }
    // A command handed to a forwarder (`reader.readAs(…, LedgerCommands.listOwnTransactions, …)`): every
    // definition named outside the handlers' decorators and the imports.
    if (process === 'gateway') {
      const code = text.replace(/@HandlesCommand\([^)]*\)/g, '').replace(/^import[^;]*;/gm, '');
      for (const match of code.matchAll(/\b([A-Z]\w*Commands)\.(\w+)\b/g)) for (const command of resolve(`${match[1]}.${match[2]}`) ?? []) found.calls.set(command.subject, where);
    }
    for (const match of text.matchAll(/EventConsumerModule\.forStream\(\s*(\w+)/g)) found.durables.add((exported[match[1]] as { name: string }).name);
    // Ordered consumers: every stream constant a file that makes one refers to, or that hands
    // its feeds to the gateway's reader of them (EventFeeds).
    if (/consumers\.get\(|new EventFeeds\(/.test(text)) {
      for (const match of text.matchAll(/\b([A-Z_]+_STREAM)\b/g)) {
        const stream = exported[match[1]] as { name?: string } | undefined;
        if (stream?.name) found.liveStreams.add(stream.name);
      }
    }
    if (/\bPlatformSettingsModule\b/.test(text) && /imports:/.test(text)) {
      found.calls.set(contracts.IdentityCommands.getAllSettings.subject, `${where} (PlatformSettingsModule)`);
      found.liveStreams.add(contracts.IDENTITY_EVENTS_STREAM.name);
    }
  }
  return found;
}

describe('the bus access registry', () => {
  it.each(BUS_PROCESSES)('declares exactly the commands %s sends', (process) => {
    const found = scan(process);
    expect(found.unresolved).toEqual([]);
    const declared = BUS_ACCESS[process].calls.map((command) => command.subject);
    const undeclared = [...found.calls.keys()].filter((subject) => !declared.includes(subject)).map((subject) => `${subject} (${found.calls.get(subject)})`);
    expect({ undeclaredInBusAccess: undeclared }).toEqual({ undeclaredInBusAccess: [] });
    expect({ declaredButNeverSent: declared.filter((subject) => !found.calls.has(subject)) }).toEqual({ declaredButNeverSent: [] });
  });

  it.each(BUS_PROCESSES)('declares exactly the streams %s reads', (process) => {
    const found = scan(process);
    const access = BUS_ACCESS[process];
    expect(access.consumes.map((read) => read.stream.name).sort()).toEqual([...found.durables].sort());
    expect(access.consumes.every((read) => read.durable === process)).toBe(true);
    expect([...new Set(access.liveReads.map((read) => read.stream.name))].sort()).toEqual([...found.liveStreams].sort());
  });

  it.each(BACKEND_SERVICES)('lets %s serve every command its handlers answer, and only its own', (service) => {
    const served = new Set(commandsServedBy(service).map((command) => command.subject));
    const handled: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'apps', service, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/@HandlesCommand\(\s*([^)]*\)?)\)/g)) {
        const commands = resolve(match[1]);
        if (!commands) throw new Error(`${relative(ROOT, file)}: @HandlesCommand(${match[1]}) names no command of the contracts`);
        handled.push(...commands.map((command) => command.subject));
      }
    }
    expect(handled.length).toBeGreaterThan(0);
    expect(handled.filter((subject) => !served.has(subject))).toEqual([]);
  });

  it('names every command after the service that answers it', () => {
    const prefixes = new Set<string>(BACKEND_SERVICES);
    expect(allCommands().filter((command) => !prefixes.has(command.subject.split('.')[0])).map((command) => command.subject)).toEqual([]);
  });

  it('has the gateway call no command that no service answers', () => {
    const served = new Set(BACKEND_SERVICES.flatMap((service) => commandsServedBy(service).map((command) => command.subject)));
    for (const process of BUS_PROCESSES) expect(BUS_ACCESS[process].calls.filter((command) => !served.has(command.subject)).map((command) => command.subject)).toEqual([]);
  });
});
