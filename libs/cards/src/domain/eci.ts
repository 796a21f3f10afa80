/**
 * 3DS result codes (spec "Card charge", `eci`). Its own file because both the token's events and
 * the charge's use it, and the token's use now carries a charge order: neither events file may
 * import the other's.
 */
export type Eci = '01' | '02' | '05' | '06' | '07';
