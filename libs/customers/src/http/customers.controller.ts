import {
  ApiDoc,
  ApiTag,
  type Caller,
  CurrentCaller,
  GatewayValidationPipe,
  ref,
  RequestApiVersion,
  requestContextOf,
  RequirePermissions,
  schema,
  VersionedResource,
} from '@gateway/http-edge';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, type Type } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CreateCustomerCommand } from '../application/create-customer/create-customer.command';
// prettier-ignore
import {
  FindCustomersByReferenceQuery,
} from '../application/find-customers-by-reference/find-customers-by-reference.query';
import { GetCustomerQuery } from '../application/get-customer/get-customer.query';
import { UpdateCustomerCommand } from '../application/update-customer/update-customer.command';
import { CustomerErrors } from '../domain/customer.errors';
import type { CustomerView } from '../read-models/customer-view';
import { CreateLegacyCustomerRequestDto, UpdateLegacyCustomerRequestDto } from './customer-legacy.request.dto';
import { CreateCustomerRequestDto, UpdateCustomerRequestDto } from './customer-v2.request.dto';
import {
  changesFromLegacy,
  changesFromV2,
  flatNameChanges,
  profileFromLegacy,
  profileFromV2,
} from './customer-wire.mapping';
import { CURRENT_CUSTOMER_VERSION, CUSTOMERS_RESOURCE, isLegacy, LEGACY_CUSTOMER_VERSION } from './customer-versions';
import {
  CUSTOMER_PAGE_SCHEMA,
  CUSTOMER_SCHEMA,
  customerToLegacyWire,
  customerToWire,
  LEGACY_CUSTOMER_SCHEMA,
} from './customer.response';
import { DEFAULT_PAGE_SIZE, FindCustomersRequestDto } from './find-customers.request.dto';

const validation = new GatewayValidationPipe();

/**
 * The body's DTO depends on the version, known only once the route runs: validated here, with the same pipe as every
 * other body.
 */
function validBody<T>(dto: Type<T>, body: unknown): Promise<T> {
  return validation.transform(body, { type: 'body', metatype: dto, data: '' }) as Promise<T>;
}

/**
 * Customers in both dated versions (`API-VERSION`, customer-versions.ts): the version decides the
 * request and response shapes; the stored profile is the same.
 */
const BY_VERSION = { [LEGACY_CUSTOMER_VERSION]: LEGACY_CUSTOMER_SCHEMA, [CURRENT_CUSTOMER_VERSION]: CUSTOMER_SCHEMA };

@ApiTag(
  'Customers',
  'Customer profiles, in two dated versions: 2020-05-19 (flat, ' +
    'the default) and 2020-10-31 (individual or business detail, identity accounts, KYC documents).',
)
@Controller('customers')
@VersionedResource(CUSTOMERS_RESOURCE)
export class CustomersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiDoc({
    summary: 'Create a customer',
    description:
      "The body's shape is chosen by `API-Version`: 2020-05-19 (no header, " +
      'or an empty one) takes the flat profile (`given_names`, and `email` or `mobile_number`); ' +
      '2020-10-31 takes `type` with `individual_detail` or `business_detail`. `reference_id` is unique per business ' +
      'and mode (409 DUPLICATE_ERROR).',
    operationId: 'createCustomer',
    body: {
      byVersion: {
        [LEGACY_CUSTOMER_VERSION]: CreateLegacyCustomerRequestDto,
        [CURRENT_CUSTOMER_VERSION]: CreateCustomerRequestDto,
      },
    },
    response: CUSTOMER_SCHEMA,
    responseByVersion: BY_VERSION,
    errors: ['DUPLICATE_ERROR'],
  })
  @HttpCode(200)
  @RequirePermissions('customers:write')
  async create(
    @CurrentCaller() caller: Caller,
    @RequestApiVersion() version: string | undefined,
    @Body() body: unknown,
    @Req() request: Request,
  ) {
    const legacy = isLegacy(version);
    const { referenceId, profile } = legacy
      ? await validBody(CreateLegacyCustomerRequestDto, body).then((dto) => ({
          referenceId: dto.reference_id,
          profile: profileFromLegacy(dto),
        }))
      : await validBody(CreateCustomerRequestDto, body).then((dto) => ({
          referenceId: dto.reference_id,
          profile: profileFromV2(dto),
        }));
    const customer = await this.commands.execute(
      new CreateCustomerCommand(
        caller.businessId,
        caller.mode,
        referenceId,
        profile,
        requestContextOf(request, caller),
      ),
    );
    return render(customer, legacy);
  }

  @Get()
  @ApiDoc({
    summary: 'Find customers by reference id',
    description: '2020-05-19 answers a bare array; 2020-10-31 a page (`{data, has_more}`, paged with `after_id`).',
    operationId: 'findCustomers',
    response: CUSTOMER_PAGE_SCHEMA,
    responseByVersion: {
      [LEGACY_CUSTOMER_VERSION]: schema.arrayOf(ref(LEGACY_CUSTOMER_SCHEMA)),
      [CURRENT_CUSTOMER_VERSION]: CUSTOMER_PAGE_SCHEMA,
    },
  })
  @RequirePermissions('customers:read')
  async findByReference(
    @CurrentCaller() caller: Caller,
    @RequestApiVersion() version: string | undefined,
    @Query() query: FindCustomersRequestDto,
  ) {
    const page = await this.queries.execute(
      new FindCustomersByReferenceQuery(
        caller.businessId,
        caller.mode,
        query.reference_id,
        query.limit ?? DEFAULT_PAGE_SIZE,
        query.after_id,
      ),
    );
    // The original version answers a bare array; the current one a page.
    if (isLegacy(version)) return page.customers.map(customerToLegacyWire);
    return { data: page.customers.map(customerToWire), has_more: page.hasMore };
  }

  @Get(':id')
  @ApiDoc({
    summary: 'Get a customer',
    operationId: 'getCustomer',
    response: CUSTOMER_SCHEMA,
    responseByVersion: BY_VERSION,
    errors: ['DATA_NOT_FOUND'],
  })
  @RequirePermissions('customers:read')
  async get(
    @CurrentCaller() caller: Caller,
    @RequestApiVersion() version: string | undefined,
    @Param('id') id: string,
  ) {
    const customer = await this.queries.execute(new GetCustomerQuery(id, caller.businessId, caller.mode));
    if (!customer) throw CustomerErrors.notFound(id);
    return render(customer, isLegacy(version));
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Update a customer',
    description:
      'Every field optional; a present field replaces the whole value and `null` removes it. `reference_id` is ' +
      'accepted only unchanged.',
    operationId: 'updateCustomer',
    body: {
      byVersion: {
        [LEGACY_CUSTOMER_VERSION]: UpdateLegacyCustomerRequestDto,
        [CURRENT_CUSTOMER_VERSION]: UpdateCustomerRequestDto,
      },
    },
    response: CUSTOMER_SCHEMA,
    responseByVersion: BY_VERSION,
    errors: ['DATA_NOT_FOUND'],
  })
  @RequirePermissions('customers:write')
  async update(
    @CurrentCaller() caller: Caller,
    @RequestApiVersion() version: string | undefined,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: Request,
  ) {
    const context = requestContextOf(request, caller);
    let command: UpdateCustomerCommand;
    if (isLegacy(version)) {
      const dto = await validBody(UpdateLegacyCustomerRequestDto, body);
      const { changes, individual } = changesFromLegacy(dto);
      command = new UpdateCustomerCommand(
        id,
        caller.businessId,
        caller.mode,
        changes,
        { referenceId: dto.reference_id },
        context,
        individual,
      );
    } else {
      const dto = await validBody(UpdateCustomerRequestDto, body);
      command = new UpdateCustomerCommand(
        id,
        caller.businessId,
        caller.mode,
        changesFromV2(dto),
        { referenceId: dto.reference_id, customerType: dto.type },
        context,
        flatNameChanges(dto),
      );
    }
    return render(await this.commands.execute(command), isLegacy(version));
  }
}

function render(customer: CustomerView, legacy: boolean): Record<string, unknown> {
  return legacy ? customerToLegacyWire(customer) : customerToWire(customer);
}
