import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AdvanceTestClockHandler } from './application/advance-test-clock/advance-test-clock.handler';
import { GetBusinessHandler } from './application/get-business/get-business.handler';
import { RegisterBusinessHandler } from './application/register-business/register-business.handler';
import { BusinessesProjection } from './read-models/businesses.projection';

@Module({
  imports: [CqrsModule],
  providers: [RegisterBusinessHandler, AdvanceTestClockHandler, GetBusinessHandler, BusinessesProjection],
})
export class AccountsModule {}
