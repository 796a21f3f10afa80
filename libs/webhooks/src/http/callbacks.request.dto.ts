import { CALLBACK_KINDS, type CallbackKind } from '@gateway/accounts';
import { IsStorableTime, RequestExample } from '@gateway/http-edge';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min } from 'class-validator';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../read-models/delivery-log';

@RequestExample({ type: 'invoice' })
export class CallbackTypeParams {
  @IsIn(CALLBACK_KINDS, { message: `type must be one of ${CALLBACK_KINDS.join(', ')}` })
  type!: CallbackKind;
}

@RequestExample({ url: 'https://shop.example.com/callbacks/invoice' })
export class SetCallbackUrlRequestDto {
  @IsString()
  @MaxLength(2048)
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'url must be an http or https URL' },
  )
  url!: string;
}

@RequestExample({ id: 'msg_5a0e9c4d2b7f4e1a8c3d6b9e0f1a2b3c' })
export class DeliveryIdParams {
  @Matches(/^msg_[0-9a-f]{32}$/, { message: 'id must be a callback delivery id (msg_ and 32 hex digits)' })
  id!: string;
}

@RequestExample({ status: 'failed', callback_type: 'invoice', created_after: '2024-05-01T00:00:00.000Z', limit: 20 })
export class ListDeliveriesQueryDto {
  @IsOptional() @IsIn(DELIVERY_STATUSES) status?: DeliveryStatus;
  @IsOptional() @IsIn(CALLBACK_KINDS) callback_type?: CallbackKind;
  @IsOptional() @IsString() @MaxLength(255) resource_id?: string;
  @IsOptional() @IsStorableTime('created_after') created_after?: Date;
  @IsOptional() @IsStorableTime('created_before') created_before?: Date;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional()
  @Matches(/^msg_[0-9a-f]{32}$/, { message: 'after_id must be a callback delivery id' })
  after_id?: string;
}

@RequestExample({ from: '2024-05-01T00:00:00.000Z', to: '2024-05-02T00:00:00.000Z' })
export class DeliverySummaryQueryDto {
  @IsStorableTime('from') from!: Date;
  @IsOptional() @IsStorableTime('to') to?: Date;
}

@RequestExample({ since: '2024-05-01T00:00:00.000Z', callback_type: 'invoice' })
export class ResendFailedRequestDto {
  @IsStorableTime('since') since!: Date;
  @IsOptional() @IsIn(CALLBACK_KINDS) callback_type?: CallbackKind;
}
