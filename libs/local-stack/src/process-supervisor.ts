import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, WriteStream } from 'node:fs';
import { join } from 'node:path';

export interface ManagedProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export type LogTarget = { kind: 'console' } | { kind: 'directory'; path: string } | { kind: 'silent' };

/** Runs the stack's processes, prefixes or files their output, and stops them together. */
export class ProcessSupervisor {
  private readonly running = new Map<string, { child: ChildProcess; log?: WriteStream }>();

  constructor(private readonly logs: LogTarget) {}

  start(spec: ManagedProcessSpec): void {
    if (this.running.has(spec.name)) throw new Error(`${spec.name} is already running`);
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log: WriteStream | undefined;
    if (this.logs.kind === 'directory') {
      mkdirSync(this.logs.path, { recursive: true });
      log = createWriteStream(join(this.logs.path, `${spec.name}.log`), { flags: 'a' });
      child.stdout?.pipe(log, { end: false });
      child.stderr?.pipe(log, { end: false });
    } else if (this.logs.kind === 'console') {
      const prefix = `[${spec.name}] `.padEnd(15);
      const relay = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(prefix + line + '\n');
      };
      child.stdout?.on('data', relay);
      child.stderr?.on('data', relay);
    } else {
      child.stdout?.resume();
      child.stderr?.resume();
    }
    child.once('exit', (code, signal) => {
      const current = this.running.get(spec.name);
      if (current?.child === child) this.running.delete(spec.name);
      if (this.logs.kind === 'console' && signal !== 'SIGTERM' && code !== 0) {
        process.stdout.write(`[${spec.name}] exited with ${signal ?? code}\n`);
      }
      log?.end();
    });
    this.running.set(spec.name, { child, log });
  }

  isRunning(name: string): boolean {
    return this.running.has(name);
  }

  async stop(name: string, timeoutMs = 10_000): Promise<void> {
    const entry = this.running.get(name);
    if (!entry) return;
    const { child } = entry;
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.once('exit', () => (clearTimeout(killer), resolve()));
      child.kill('SIGTERM');
    });
    this.running.delete(name);
  }

  /** SIGKILL: the process gets no chance to finish anything, as when its machine dies. */
  async kill(name: string): Promise<void> {
    const entry = this.running.get(name);
    if (!entry) return;
    const { child } = entry;
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
    this.running.delete(name);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((name) => this.stop(name)));
  }
}
