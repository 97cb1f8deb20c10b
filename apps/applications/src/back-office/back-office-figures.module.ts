import { Module } from '@nestjs/common';
import { BackOfficeFiguresController } from './back-office-figures.controller';

/** The admin overview's and reports' figures the applications service owns. */
@Module({ controllers: [BackOfficeFiguresController] })
export class BackOfficeFiguresModule {}
