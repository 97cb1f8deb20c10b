import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { createLogger, fixedLineLoggerOf, flushBeforeSignalDeath, SignalTarget } from './logger';
import { runWithRequestContext } from './request-context';

/** A stand-in for `process`: listeners as on an EventEmitter, and kill() recorded instead of sent. */
class FakeProcess extends EventEmitter implements SignalTarget {
  pid = 4242;
  kills: string[] = [];
  kill(_pid: number, signal: string) {
    this.kills.push(signal);
    this.emit(signal);
    return true;
  }
}

describe('flushBeforeSignalDeath', () => {
  it('leaves a signal to its other handler (Nest shutting down), then writes the buffer when that handler raises it again', () => {
    const target = new FakeProcess();
    const flushes: string[] = [];
    flushBeforeSignalDeath(() => flushes.push('flushed'), target);
    // Nest's shutdown hook: handles the signal, then removes itself and raises it again.
    const nest = () => {
      target.removeListener('SIGTERM', nest);
      target.kill(target.pid, 'SIGTERM');
    };
    target.on('SIGTERM', nest);

    target.emit('SIGTERM');
    expect(flushes).toEqual(['flushed']);
    // Our handler removed itself before raising the signal again: the default action ends the process.
    expect(target.kills).toEqual(['SIGTERM', 'SIGTERM']);
    expect(target.listenerCount('SIGTERM')).toBe(0);
  });

  it('writes the buffer and raises the signal again when nobody else handles it', () => {
    const target = new FakeProcess();
    const flushes: string[] = [];
    flushBeforeSignalDeath(() => flushes.push('flushed'), target);
    target.emit('SIGINT');
    expect(flushes).toEqual(['flushed']);
    expect(target.kills).toEqual(['SIGINT']);
    expect(target.listenerCount('SIGINT')).toBe(0);
    expect(target.listenerCount('SIGTERM')).toBe(1);
  });

  it('still ends the process when the buffer cannot be written', () => {
    const target = new FakeProcess();
    flushBeforeSignalDeath(() => {
      throw new Error('EPIPE');
    }, target);
    target.emit('SIGHUP');
    expect(target.kills).toEqual(['SIGHUP']);
  });
});

describe('createLogger', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, stream };
  }

  it('writes one JSON line with the service, the level label, the message and the request id', () => {
    const { lines, stream } = capture();
    const logger = createLogger('identity', 'info', stream);
    runWithRequestContext({ requestId: 'req-1' }, () => logger.info({ subject: 'identity.x', outcome: 'ok' }, 'command'));
    expect(lines).toEqual([expect.objectContaining({ level: 'info', service: 'identity', requestId: 'req-1', subject: 'identity.x', outcome: 'ok', message: 'command' })]);
    expect(typeof lines[0].time).toBe('string');
  });

  it('redacts secrets', () => {
    const { lines, stream } = capture();
    createLogger('identity', 'info', stream).warn({ payload: { password: 'hunter2', refreshToken: 'r' } }, 'odd');
    expect(lines[0].payload).toEqual({ password: '[redacted]', refreshToken: '[redacted]' });
  });

  it('writes fixed-shape lines beside it: same service, level and destination, in order, with only the fields given', () => {
    const { lines, stream } = capture();
    const logger = createLogger('gateway', 'info', stream);
    const accessLog = fixedLineLoggerOf(logger);
    expect(fixedLineLoggerOf(logger)).toBe(accessLog);
    runWithRequestContext({ requestId: 'ambient' }, () => {
      logger.info('first');
      accessLog.info({ requestId: 'req-2', traceId: 't-2', status: 200 }, 'request');
      accessLog.debug({ status: 200 }, 'below the level');
    });
    expect(lines).toEqual([
      expect.objectContaining({ service: 'gateway', level: 'info', requestId: 'ambient', message: 'first' }),
      { level: 'info', time: expect.any(String), service: 'gateway', requestId: 'req-2', traceId: 't-2', status: 200, message: 'request' },
    ]);
  });
});
