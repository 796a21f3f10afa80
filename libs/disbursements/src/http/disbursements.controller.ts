import { type Caller, CurrentCaller, gatewayState, IdempotencyPolicy, RequirePermissions, type RequestContext } from '@gateway/platform';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { IdGenerator } from '@gateway/platform';
import { CreateDisbursementsCommand } from '../application/create-disbursements/create-disbursements.command';
import { GetDisbursementQuery, ListDisbursementsByExternalIdQuery } from '../application/get-disbursement/get-disbursement.query';
import { GetBatchDisbursementQuery } from '../application/get-batch-disbursement/get-batch-disbursement.query';
import { DISBURSEMENT_BANKS } from '../domain/banks';
import { batchDisbursementToWire, disbursementToWire } from './disbursement.response';
import { CreateBatchDisbursementRequestDto, CreateDisbursementRequestDto, ListDisbursementsRequestDto, toDisbursementRequest } from './disbursement.request.dto';

/**
 * Spec: a reused X-IDEMPOTENCY-KEY is DUPLICATE_TRANSACTION_ERROR, whatever the parameters; the
 * code "also identifies a replayed response", so the answer carries what identifies the first
 * request's disbursement (or batch), for a merchant who lost that answer (issue 19, item 14).
 */
const DUPLICATE_IS_AN_ERROR = IdempotencyPolicy({ reuse: 'reject', errorCode: 'DUPLICATE_TRANSACTION_ERROR', identifyOriginal: ['id', 'external_id', 'status'] });
const DUPLICATE_BATCH_IS_AN_ERROR = IdempotencyPolicy({ reuse: 'reject', errorCode: 'DUPLICATE_TRANSACTION_ERROR', identifyOriginal: ['id', 'reference', 'status'] });

function requestContextOf(request: Request, caller: Caller): RequestContext {
  return {
    requestId: gatewayState(request).requestId,
    actor: caller.key.keyId,
    businessId: caller.businessId,
    mode: caller.mode,
    apiVersion: gatewayState(request).apiVersion,
  };
}

@Controller()
export class DisbursementsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly ids: IdGenerator,
  ) {}

  @Post('disbursements')
  @HttpCode(200)
  @RequirePermissions('money_out:write')
  @DUPLICATE_IS_AN_ERROR
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateDisbursementRequestDto, @Req() request: Request) {
    const [created] = await this.commands.execute(
      new CreateDisbursementsCommand(caller.businessId, caller.mode, [toDisbursementRequest(body)], requestContextOf(request, caller)),
    );
    return disbursementToWire(created);
  }

  @Get('disbursements/:id')
  @RequirePermissions('money_out:read')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return disbursementToWire(await this.queries.execute(new GetDisbursementQuery(caller.businessId, caller.mode, id)));
  }

  @Get('disbursements')
  @RequirePermissions('money_out:read')
  async byExternalId(@CurrentCaller() caller: Caller, @Query() query: ListDisbursementsRequestDto) {
    const views = await this.queries.execute(new ListDisbursementsByExternalIdQuery(caller.businessId, caller.mode, query.external_id));
    return views.map(disbursementToWire);
  }

  /** All items are validated and their total reserved at once: the batch is accepted whole or refused whole. */
  @Post('batch_disbursements')
  @HttpCode(200)
  @RequirePermissions('money_out:write')
  @DUPLICATE_BATCH_IS_AN_ERROR
  async createBatch(@CurrentCaller() caller: Caller, @Body() body: CreateBatchDisbursementRequestDto, @Req() request: Request) {
    const batchId = this.ids.uuid().replace(/-/g, '').slice(0, 24);
    const created = await this.commands.execute(
      new CreateDisbursementsCommand(caller.businessId, caller.mode, body.disbursements.map(toDisbursementRequest), requestContextOf(request, caller), {
        id: batchId,
        reference: body.reference,
      }),
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
  @RequirePermissions('money_out:read')
  async getBatch(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return batchDisbursementToWire(await this.queries.execute(new GetBatchDisbursementQuery(caller.businessId, caller.mode, id)));
  }

  @Get('available_disbursements_banks')
  @RequirePermissions('money_out:read')
  banks() {
    return DISBURSEMENT_BANKS.map((bank) => ({ name: bank.name, code: bank.code, can_disburse: true, can_name_validate: bank.canNameValidate }));
  }
}
