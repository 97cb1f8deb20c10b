import { BeforeApplicationShutdown, Global, Inject, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import { ConsumerMessages, DeliverPolicy, NatsConnection } from 'nats';
import { EventEnvelope, IDENTITY_EVENTS_STREAM, IdentityCommands, IdentityEvents, SettingValue } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { validEventPayload } from './event-payloads';
import { decodeJson, ensureStream } from './jetstream';
import { ServiceClient } from './service-client';
import { LOGGER, NATS_CONNECTION } from './tokens';

const RELOAD_DELAY_MS = 2_000;

/**
 * The platform settings as this replica applies them: loaded from identity (their owner)
 * at start and kept current from its settings-changed events, so an admin's change takes
 * effect in every service without a restart. Every replica reads the changes itself (an
 * ordered consumer of its own), and a value only replaces an older version.
 */
@Injectable()
export class PlatformSettings implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly values = new Map<string, SettingValue>();
  private messages: ConsumerMessages | null = null;
  private reading: Promise<void> | null = null;
  private reloadTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private markLoaded!: () => void;
  /** Resolves once the settings were first loaded. */
  readonly loaded = new Promise<void>((resolve) => (this.markLoaded = resolve));

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The setting's current value, or undefined before it is known (callers fall back to its default). */
  get<T = unknown>(key: string): T | undefined {
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
    // Not awaited: a service starts even while identity is down, with the defaults, and
    // picks the settings up as soon as identity answers.
    void this.load();
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
      this.markLoaded();
    } catch (error) {
      if (this.stopped) return;
      this.logger.warn({ err: String(error) }, 'platform settings not loaded yet; retrying');
      this.reloadTimer = setTimeout(() => void this.load(), RELOAD_DELAY_MS);
      this.reloadTimer.unref();
    }
  }
}

/** Import in a service that obeys platform settings (feature toggles, limits, fees). */
@Global()
@Module({ providers: [PlatformSettings], exports: [PlatformSettings] })
export class PlatformSettingsModule {}
