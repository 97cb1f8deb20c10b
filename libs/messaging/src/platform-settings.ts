import { BeforeApplicationShutdown, Global, Inject, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import { ConsumerMessages, DeliverPolicy, NatsConnection } from 'nats';
import { BackendService, EventEnvelope, IDENTITY_EVENTS_STREAM, IdentityCommands, IdentityEvents, SettingValue } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { validEventPayload } from './event-payloads';
import { decodeJson, ensureStream, StreamConfigurationError } from './jetstream';
import { ServiceClient } from './service-client';
import { ServiceError } from './service-error';
import { HealthCheck, LOGGER, NATS_CONNECTION, SERVICE_NAME } from './tokens';

const RELOAD_DELAY_MS = 2_000;

/**
 * The platform settings as this replica applies them: loaded from identity (their owner)
 * at start and kept current from its settings-changed events, so an admin's change takes
 * effect in every service without a restart. Every replica reads the changes itself (an
 * ordered consumer of its own), and a value only replaces an older version.
 *
 * Until the first load succeeds nothing is answered from defaults: a toggle an admin
 * turned off, a lowered four-eyes threshold or a narrowed admin role would otherwise be
 * ignored by a replica that started while identity was down. Reads fail with 503, the
 * service reports itself not ready, and its event consumers wait (see EventConsumerModule).
 */
@Injectable()
export class PlatformSettings implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly values = new Map<string, SettingValue>();
  private messages: ConsumerMessages | null = null;
  private reading: Promise<void> | null = null;
  private reloadTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private isLoaded = false;
  private markLoaded!: () => void;
  /** Resolves once the settings were first loaded. */
  readonly loaded = new Promise<void>((resolve) => (this.markLoaded = resolve));

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_NAME) private readonly service: BackendService,
  ) {}

  /** Whether the settings were loaded from identity since this replica started. */
  get ready(): boolean {
    return this.isLoaded;
  }

  /**
   * The setting's current value, or undefined when identity has none (callers fall back to
   * its default). Before the first load it refuses (503) instead of guessing.
   */
  get<T = unknown>(key: string): T | undefined {
    if (!this.isLoaded) throw ServiceError.of(503, 'service_unavailable', { params: { name: this.service } });
    return this.values.get(key)?.value as T | undefined;
  }

  version(key: string): number {
    return this.values.get(key)?.version ?? 0;
  }

  apply(setting: SettingValue): void {
    const current = this.values.get(setting.key);
    if (!current || setting.version > current.version) this.values.set(setting.key, setting);
  }

  async onApplicationBootstrap(): Promise<void> {
    // Listen first, then load: a change made in between is not missed.
    try {
      await this.follow();
    } catch (error) {
      // A stream that cannot take its configuration stops the start. JetStream not
      // answering (a cluster electing leaders after a node died) is waited out, and the
      // settings are loaded once the changes are followed (until then: not ready).
      if (error instanceof StreamConfigurationError) throw error;
      this.logger.warn({ err: String(error) }, 'settings changes not followed yet; retrying');
      const retry = () => {
        if (!this.stopped) void this.onApplicationBootstrap().catch((failure: unknown) => this.logger.error({ err: String(failure) }, 'settings changes cannot be followed'));
      };
      this.reloadTimer = setTimeout(retry, RELOAD_DELAY_MS);
      this.reloadTimer.unref();
      return;
    }
    // Not awaited: a service starts even while identity is down, with the defaults, and
    // picks the settings up as soon as identity answers.
    void this.load();
  }

  /** Reads every settings change from now on, with an ordered consumer of this replica's own. */
  private async follow(): Promise<void> {
    const jsm = await this.connection.jetstreamManager();
    await ensureStream(jsm, IDENTITY_EVENTS_STREAM);
    const consumer = await this.connection.jetstream().consumers.get(IDENTITY_EVENTS_STREAM.name, {
      filterSubjects: IdentityEvents.settingChanged.subject,
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    this.messages = messages;
    this.reading = (async () => {
      for await (const message of messages) {
        try {
          const event = decodeJson<EventEnvelope>(message.data);
          const { key, value, version } = await validEventPayload(IdentityEvents.settingChanged, event.payload);
          this.apply({ key, value, version });
        } catch (error) {
          this.logger.error({ seq: message.seq, err: String(error) }, 'settings change could not be applied');
        }
      }
    })();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    await this.messages?.close();
    await this.reading?.catch(() => undefined);
  }

  private async load(): Promise<void> {
    try {
      const { items } = await this.services.send(IdentityCommands.getAllSettings, {});
      for (const setting of items) this.apply(setting);
      this.isLoaded = true;
      this.markLoaded();
    } catch (error) {
      if (this.stopped) return;
      this.logger.warn({ err: String(error) }, 'platform settings not loaded yet; retrying');
      this.reloadTimer = setTimeout(() => void this.load(), RELOAD_DELAY_MS);
      this.reloadTimer.unref();
    }
  }
}

/** The service's platform settings, if it imports PlatformSettingsModule. */
export function platformSettingsOf(moduleRef: Pick<ModuleRef, 'get'>): PlatformSettings | null {
  try {
    return moduleRef.get(PlatformSettings, { strict: false });
  } catch {
    return null;
  }
}

/** A readiness check that holds while the settings have not been loaded yet (none without settings). */
export function platformSettingsHealthChecks(moduleRef: Pick<ModuleRef, 'get'>): HealthCheck[] {
  const settings = platformSettingsOf(moduleRef);
  if (!settings) return [];
  return [
    {
      name: 'platform settings',
      check: async () => {
        if (!settings.ready) throw new Error('not loaded from identity yet');
      },
    },
  ];
}

/** Import in a service that obeys platform settings (feature toggles, limits, fees). */
@Global()
@Module({ providers: [PlatformSettings], exports: [PlatformSettings] })
export class PlatformSettingsModule {}
