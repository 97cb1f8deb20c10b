import { Module } from '@nestjs/common';
import { BackOfficeFiguresController } from './back-office-figures.controller';
import { BackOfficeFiguresQueries } from './back-office-figures.queries';

/** The admin overview's and reports' figures the applications service owns. */
@Module({ controllers: [BackOfficeFiguresController], providers: [BackOfficeFiguresQueries] })
export class BackOfficeFiguresModule {}
