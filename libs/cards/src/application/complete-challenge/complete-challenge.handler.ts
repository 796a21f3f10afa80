import { DomainError } from '@gateway/domain';
import { CommandPipeline } from '@gateway/event-store';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { CARD_ID_PATTERN } from '../card-ids';
import type { AuthenticationView } from '../card-views';
import { onCardToken } from '../token-loader';
import { CompleteChallengeCommand, GetAuthenticationQuery } from './complete-challenge.command';

interface AuthenticationRow {
  authentication_id: string;
  token_id: string;
  business_id: string;
  mode: 'test' | 'live';
  amount: string;
  status: AuthenticationView['status'];
  failure_reason: string | null;
  masked_card_number: string;
  three_ds_profile: string;
}

@QueryHandler(GetAuthenticationQuery)
export class GetAuthenticationHandler implements IQueryHandler<GetAuthenticationQuery, AuthenticationView | undefined> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetAuthenticationQuery): Promise<AuthenticationView | undefined> {
    if (!CARD_ID_PATTERN.test(query.authenticationId)) return undefined;
    const { rows } = await this.pool.query<AuthenticationRow>(
      'SELECT * FROM card_authentications WHERE authentication_id = $1',
      [query.authenticationId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      authenticationId: row.authentication_id,
      tokenId: row.token_id,
      businessId: row.business_id,
      mode: row.mode,
      amount: Number(row.amount),
      status: row.status,
      ...(row.failure_reason && { failureReason: row.failure_reason }),
      maskedCardNumber: row.masked_card_number,
      threeDsProfile: row.three_ds_profile,
    };
  }
}

@CommandHandler(CompleteChallengeCommand)
export class CompleteChallengeHandler implements ICommandHandler<
  CompleteChallengeCommand,
  AuthenticationView | undefined
> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly lookup: GetAuthenticationHandler,
  ) {}

  async execute(command: CompleteChallengeCommand): Promise<AuthenticationView | undefined> {
    const found = await this.lookup.execute(new GetAuthenticationQuery(command.authenticationId));
    if (!found) return undefined;
    const { authenticationId } = command;
    const payer = {
      context: { requestId: command.requestId, actor: 'payer:3ds-page' },
      scope: { businessId: found.businessId, mode: found.mode },
    };
    const run = onCardToken(payer, found.tokenId, (now) => ({
      type: 'CompleteChallenge',
      authenticationId,
      passed: command.passed,
      now,
    }));
    try {
      await this.pipeline.run(run);
    } catch (error) {
      // Answering twice (a double submit, a back button) changes nothing; the page shown next
      // must show the outcome the refusal saw in the log, which the read model may not have yet.
      if (!(error instanceof DomainError && error.code === 'INVALID_AUTHENTICATION_STATUS_ERROR')) throw error;
      await this.pipeline.catchUp(run.readYourWrites, run.stream);
    }
    return this.lookup.execute(new GetAuthenticationQuery(command.authenticationId));
  }
}
