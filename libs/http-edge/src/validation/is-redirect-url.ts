import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, MaxLength } from 'class-validator';

const HTTP_URL = /^https?:\/\/\S+$/;

/**
 * Where the gateway sends the payer after a hosted page (`success_redirect_url`,
 * `failure_redirect_url`): an http(s) URL of at most 2048 characters. Listed in the order stacked
 * decorators apply (bottom up), so its errors come in the order `@IsString() @MaxLength() @Matches()`
 * gave them.
 */
export const IsRedirectUrl = () =>
  applyDecorators(Matches(HTTP_URL, { message: '$property must be an http(s) URL' }), MaxLength(2048), IsString());
