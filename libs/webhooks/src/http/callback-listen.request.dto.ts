import { CALLBACK_KINDS, type CallbackKind } from '@gateway/accounts';
import { ApiField, RequestExample } from '@gateway/http-edge';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

/** The longest a listen poll may wait for a first callback, in seconds. */
export const MAX_LISTEN_WAIT_SECONDS = 30;

/** `GET /callback_listen`: where to continue, how long to wait, which kinds. */
@RequestExample({ after: '42', wait: 25, events: 'invoice,fva_paid' })
export class CallbackListenQueryDto {
  /** The `next_cursor` of the previous answer; absent, the stream starts now. */
  @IsOptional()
  @Matches(/^\d{1,18}$/, { message: 'after must be the next_cursor of a previous answer' })
  after?: string;

  /** Seconds to wait for a first callback when none is there yet (long poll). */
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(MAX_LISTEN_WAIT_SECONDS) wait?: number;

  /** Callback kinds to stream, comma-separated (`invoice,fva_paid`) or repeated; all when absent. */
  @ApiField({
    description:
      `Callback kinds to stream, comma-separated (e.g. \`invoice,fva_paid\`); ` +
      `all when absent. Kinds: ${CALLBACK_KINDS.join(', ')}`,
    schema: { type: 'string', pattern: `^(${CALLBACK_KINDS.join('|')})(,(${CALLBACK_KINDS.join('|')}))*$` },
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.split(',').map((kind) => kind.trim()) : value,
  )
  @IsArray()
  @ArrayMaxSize(CALLBACK_KINDS.length)
  @IsIn(CALLBACK_KINDS, { each: true, message: `events must name callback kinds among ${CALLBACK_KINDS.join(', ')}` })
  events?: CallbackKind[];
}
