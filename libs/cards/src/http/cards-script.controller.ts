import { NoAuth } from '@gateway/http-edge';
import { Controller, Get, Header } from '@nestjs/common';
import { CARDS_SCRIPT } from './cards-script';

/** GET /js/v1/cards.js: the client-side tokenization library, for merchant pages on any origin. */
@Controller('js/v1')
export class CardsScriptController {
  @Get('cards.js')
  @NoAuth()
  @Header('content-type', 'application/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  @Header('x-content-type-options', 'nosniff')
  @Header('cross-origin-resource-policy', 'cross-origin')
  script(): string {
    return CARDS_SCRIPT;
  }
}
