import { CreateApiKeyCommand, RevokeApiKeyCommand } from '@gateway/accounts';
import { CommandPipeline, EVENT_STORE, type EventStore, WrongExpectedRevisionError } from '@gateway/event-store';
import { IdGenerator, type RequestContext } from '@gateway/runtime';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

export const invoicePageKeyStream = (businessId: string, mode: 'test' | 'live') =>
  `invoicepagekey-${businessId}.${mode}`;

interface PageKeyIssued {
  keyId: string;
  publicKey: string;
}

/**
 * The publishable key the hosted invoice page hands to cards.js. Keys are shown once and stored
 * hashed, so the gateway mints one public key per business and mode ("Hosted invoice page", no
 * permissions beyond what every public key may do: tokenize) the first time a card payment is
 * offered, and records it in its own stream. A public key is published in page source by design;
 * it is not a secret. Two first renders racing: the loser revokes its key and uses the winner's.
 */
@Injectable()
export class InvoicePagePublicKeys {
  private readonly cache = new Map<string, string>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly pipeline: CommandPipeline,
    private readonly ids: IdGenerator,
  ) {}

  async keyFor(businessId: string, mode: 'test' | 'live', context: RequestContext): Promise<string> {
    const stream = invoicePageKeyStream(businessId, mode);
    const cached = this.cache.get(stream);
    if (cached) return cached;
    const existing = await this.read(stream);
    if (existing) return this.remember(stream, existing.publicKey);
    const created = await this.commands.execute(
      new CreateApiKeyCommand(businessId, mode, 'public', 'Hosted invoice page', [], context),
    );
    try {
      const data: PageKeyIssued = { keyId: created.keyId, publicKey: created.key };
      await this.pipeline.create({
        context: { ...context, actor: 'system:invoice-page' },
        scope: { businessId, mode },
        stream,
        events: [{ type: 'InvoicePageKeyIssued', data }],
        eventIds: () => this.ids.uuid(),
        ifExists: 'fail',
        // Kept in this process's cache: no read model is read for it.
        readYourWrites: 'none',
      });
      return this.remember(stream, created.key);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      await this.commands.execute(new RevokeApiKeyCommand(businessId, created.keyId, context));
      const winner = await this.read(stream);
      if (!winner) throw error;
      return this.remember(stream, winner.publicKey);
    }
  }

  private async read(stream: string): Promise<PageKeyIssued | undefined> {
    const [first] = await this.store.readStream(stream, { maxCount: 1 });
    return first ? (first.data as PageKeyIssued) : undefined;
  }

  private remember(stream: string, key: string): string {
    this.cache.set(stream, key);
    return key;
  }
}
