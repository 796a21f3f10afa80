import { IsOptional, IsString, Length, Matches } from 'class-validator';

/** The page's test-mode button of a VA or retail outlet. */
export class PayFromPageDto {
  @IsString() @Length(1, 64) channel!: string;
}

/** The page's eWallet button. */
export class PayByEwalletFromPageDto {
  @IsString() @Length(1, 32) ewallet_type!: string;
}

/** What the page's script posts once cards.js has tokenized (and 3DS verified) the payer's card. */
export class PayByCardFromPageDto {
  @IsString() @Matches(/^[0-9a-zA-Z_-]{1,64}$/) token_id!: string;
  @IsOptional() @IsString() @Matches(/^[0-9a-zA-Z_-]{0,64}$/) authentication_id?: string;
}
