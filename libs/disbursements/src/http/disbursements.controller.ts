import type { Caller } from '@gateway/http-edge';
import { ApiDoc, ApiTag, ref, schema } from '@gateway/http-edge';
import { CurrentCaller, IdempotencyPolicy, requestContextOf, RequirePermissions } from '@gateway/http-edge';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { IdGenerator } from '@gateway/runtime';
import { CreateDisbursementsCommand } from '../application/create-disbursements/create-disbursements.command';
import {
  GetDisbursementQuery,
  ListDisbursementsByExternalIdQuery,
} from '../application/get-disbursement/get-disbursement.query';
import { GetBatchDisbursementQuery } from '../application/get-batch-disbursement/get-batch-disbursement.query';
import { DISBURSEMENT_BANKS } from '../domain/banks';
import {
  BATCH_DISBURSEMENT_CREATED_SCHEMA,
  BATCH_DISBURSEMENT_SCHEMA,
  batchDisbursementToWire,
  DISBURSEMENT_SCHEMA,
  disbursementToWire,
} from './disbursement.response';
import {
  CreateBatchDisbursementRequestDto,
  CreateDisbursementRequestDto,
  ListDisbursementsRequestDto,
  toDisbursementRequest,
} from './disbursement.request.dto';

/**
 * Spec: a reused X-IDEMPOTENCY-KEY is DUPLICATE_TRANSACTION_ERROR, whatever the parameters; the
 * code "also identifies a replayed response", so the answer carries what identifies the first
 * request's disbursement (or batch), for a merchant who lost that answer (issue 19, item 14).
 */
const DUPLICATE_IS_AN_ERROR = IdempotencyPolicy({
  reuse: 'reject',
  errorCode: 'DUPLICATE_TRANSACTION_ERROR',
  identifyOriginal: ['id', 'external_id', 'status'],
});
const DUPLICATE_BATCH_IS_AN_ERROR = IdempotencyPolicy({
  reuse: 'reject',
  errorCode: 'DUPLICATE_TRANSACTION_ERROR',
  identifyOriginal: ['id', 'reference', 'status'],
});

const CREATE_ERRORS = [
  'DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR',
  'BANK_CODE_NOT_SUPPORTED_ERROR',
  'RECIPIENT_ACCOUNT_NUMBER_ERROR',
  'RECIPIENT_AMOUNT_ERROR',
  'MAXIMUM_TRANSFER_LIMIT_ERROR',
  'DISBURSEMENT_DESCRIPTION_NOT_FOUND_ERROR',
  'DISBURSEMENT_RAIL_UNAVAILABLE_ERROR',
];

@ApiTag(
  'Disbursements',
  'Money out: disbursements to bank accounts and eWallets, alone or in batches, paid from the cash balance.',
)
@Controller()
export class DisbursementsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly ids: IdGenerator,
  ) {}

  @Post('disbursements')
  @ApiDoc({
    summary: 'Create a disbursement',
    description:
      'Pays `amount` IDR from the cash balance to an account at `bank_code` (banks and eWallets: GET ' +
      '/available_disbursements_banks). The amount is reserved at once ' +
      '(DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR when the balance is short); ' +
      'the disbursement is PENDING until the rail answers, ' +
      'then the `disbursement` callback tells COMPLETED or FAILED. Both spellings the public client sends are ' +
      'accepted (`account_holder_name`/`bank_account_name`, ' +
      "`account_number`/`bank_account_number`). Without `description`, the business's default description applies.",
    operationId: 'createDisbursement',
    response: DISBURSEMENT_SCHEMA,
    errors: CREATE_ERRORS,
  })
  @HttpCode(200)
  @RequirePermissions('money_out:write')
  @DUPLICATE_IS_AN_ERROR
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateDisbursementRequestDto, @Req() request: Request) {
    const [created] = await this.commands.execute(
      new CreateDisbursementsCommand(
        caller.businessId,
        caller.mode,
        [toDisbursementRequest(body)],
        requestContextOf(request, caller),
      ),
    );
    return disbursementToWire(created);
  }

  @Get('disbursements/:id')
  @ApiDoc({
    summary: 'Get a disbursement',
    operationId: 'getDisbursement',
    response: DISBURSEMENT_SCHEMA,
    errors: ['DIRECT_DISBURSEMENT_NOT_FOUND_ERROR'],
  })
  @RequirePermissions('money_out:read')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return disbursementToWire(await this.queries.execute(new GetDisbursementQuery(caller.businessId, caller.mode, id)));
  }

  @Get('disbursements')
  @ApiDoc({
    summary: 'List disbursements by external id',
    description: 'Every disbursement with `external_id` (an array: external ids may repeat).',
    operationId: 'listDisbursementsByExternalId',
    response: schema.arrayOf(ref(DISBURSEMENT_SCHEMA)),
    errors: ['DIRECT_DISBURSEMENT_NOT_FOUND_ERROR'],
  })
  @RequirePermissions('money_out:read')
  async byExternalId(@CurrentCaller() caller: Caller, @Query() query: ListDisbursementsRequestDto) {
    const views = await this.queries.execute(
      new ListDisbursementsByExternalIdQuery(caller.businessId, caller.mode, query.external_id),
    );
    return views.map(disbursementToWire);
  }

  /** All items are validated and their total reserved at once: the batch is accepted whole or refused whole. */
  @Post('batch_disbursements')
  @ApiDoc({
    summary: 'Create a batch disbursement',
    description:
      'Up to 1,000 disbursements under one `reference`, validated and reserved together: the batch is accepted whole ' +
      'or refused whole. Each item is a disbursement of its own (GET /disbursements/{id}, its own callback).',
    operationId: 'createBatchDisbursement',
    response: BATCH_DISBURSEMENT_CREATED_SCHEMA,
    errors: CREATE_ERRORS,
  })
  @HttpCode(200)
  @RequirePermissions('money_out:write')
  @DUPLICATE_BATCH_IS_AN_ERROR
  async createBatch(
    @CurrentCaller() caller: Caller,
    @Body() body: CreateBatchDisbursementRequestDto,
    @Req() request: Request,
  ) {
    const batchId = this.ids.uuid().replace(/-/g, '').slice(0, 24);
    const created = await this.commands.execute(
      new CreateDisbursementsCommand(
        caller.businessId,
        caller.mode,
        body.disbursements.map(toDisbursementRequest),
        requestContextOf(request, caller),
        {
          id: batchId,
          reference: body.reference,
        },
      ),
    );
    return {
      id: batchId,
      reference: body.reference,
      status: 'APPROVED',
      total_uploaded_amount: created.reduce((total, d) => total + d.amount, 0),
      total_uploaded_count: created.length,
      created: created[0]?.createdAt,
    };
  }

  @Get('batch_disbursements/:id')
  @ApiDoc({
    summary: 'Get a batch disbursement',
    description: 'The batch as it stands now, with totals and its items.',
    operationId: 'getBatchDisbursement',
    response: BATCH_DISBURSEMENT_SCHEMA,
    errors: ['DIRECT_DISBURSEMENT_NOT_FOUND_ERROR'],
  })
  @RequirePermissions('money_out:read')
  async getBatch(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return batchDisbursementToWire(
      await this.queries.execute(new GetBatchDisbursementQuery(caller.businessId, caller.mode, id)),
    );
  }

  @Get('available_disbursements_banks')
  @ApiDoc({
    summary: 'List disbursement banks',
    description: 'The banks and eWallets disbursements can pay to.',
    operationId: 'listDisbursementBanks',
    response: schema.arrayOf(
      schema.object({
        name: schema.string(),
        code: schema.string(),
        can_disburse: schema.boolean(),
        can_name_validate: schema.boolean(),
      }),
    ),
  })
  @RequirePermissions('money_out:read')
  banks() {
    return DISBURSEMENT_BANKS.map((bank) => ({
      name: bank.name,
      code: bank.code,
      can_disburse: true,
      can_name_validate: bank.canNameValidate,
    }));
  }
}
