import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { NoAuth } from '../route-metadata';
import { HttpMetrics } from '@gateway/metrics';

/** Prometheus scrape endpoint (text exposition format); no API key, like /health. */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: HttpMetrics) {}

  @NoAuth()
  @Get('metrics')
  async scrape(@Res() response: Response): Promise<void> {
    response.setHeader('Cache-Control', 'no-store');
    response.type(this.metrics.contentType()).send(await this.metrics.render());
  }
}
