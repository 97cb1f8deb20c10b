import { Module } from '@nestjs/common';
import { AdminCardsController } from './admin-cards.controller';
import { CardsController } from './cards.controller';

@Module({ controllers: [CardsController, AdminCardsController] })
export class CardsModule {}
