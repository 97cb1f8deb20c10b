import { Controller } from '@nestjs/common';
import {
  Actor,
  CardCommands,
  CardRequestIdPayload,
  CardRequestPage,
  CardRequestsQuery,
  CardRequestView,
  CreateCardRequestPayload,
  DecideCardRequestPayload,
  RequestMeta,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand } from '@portal/messaging';
import { CardRequests } from './card-requests.service';

/** Card request commands; each acts for the verified actor of the request. */
@Controller()
export class CardRequestsHandlers {
  constructor(private readonly cards: CardRequests) {}

  @HandlesCommand(CardCommands.createCardRequest)
  create(@CommandActor() actor: Actor, @CommandPayload() payload: CreateCardRequestPayload): Promise<CardRequestView> {
    return this.cards.create(actor, payload);
  }

  @HandlesCommand(CardCommands.listOwnCardRequests)
  listOwn(@CommandActor() actor: Actor, @CommandPayload() payload: CardRequestsQuery): Promise<CardRequestPage> {
    return this.cards.listOwn(actor, payload);
  }

  @HandlesCommand(CardCommands.cancelCardRequest)
  cancel(@CommandActor() actor: Actor, @CommandPayload() payload: CardRequestIdPayload): Promise<CardRequestView> {
    return this.cards.cancel(actor, payload.id);
  }

  @HandlesCommand(CardCommands.listCardRequests)
  list(@CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta, @CommandPayload() payload: CardRequestsQuery): Promise<CardRequestPage> {
    return this.cards.listAll(actor, meta, payload);
  }

  @HandlesCommand(CardCommands.decideCardRequest)
  decide(@CommandActor() actor: Actor, @CommandMeta() meta: RequestMeta, @CommandPayload() payload: DecideCardRequestPayload): Promise<CardRequestView> {
    return this.cards.decide(actor, meta, payload);
  }
}
