import { ApiError } from '@gateway/http-edge';
import type { CommandBus, ICommand } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { ListsFreshness } from '../../../read-models/lists-freshness';
import type { DashboardActionRunner } from '../../kit/action-runner';
import type { TransactionDetailView } from '../transaction-detail.view';
import { TransactionActions } from './transaction-actions';

const session = { businessId: 'biz-1', mode: 'test', userId: 'user-1' };
const page = { source: 'card-charges', id: 'charge/1' };

function setUp(execute: (command: ICommand) => Promise<unknown> = () => Promise.resolve(undefined)) {
  const calls: string[] = [];
  const commands = {
    execute: (command: ICommand) => {
      calls.push(`execute ${command.constructor.name}`);
      return execute(command);
    },
  } as unknown as CommandBus;
  const runner = {
    once: async (_request: Request, _session: unknown, perform: () => Promise<string>) => {
      calls.push('once');
      return perform();
    },
  } as unknown as DashboardActionRunner;
  const details = {
    render: (_request: Request, _session: unknown, source: string, id: string, error: unknown) => {
      calls.push(`render ${source} ${id}`);
      return Promise.resolve(`page with ${String(error)}`);
    },
  } as unknown as TransactionDetailView;
  const freshness = {
    waitFor: (stream: string) => {
      calls.push(`wait ${stream}`);
      return Promise.resolve();
    },
  } as unknown as ListsFreshness;
  const answered: { redirect?: [number, string]; status?: number; body?: string } = {};
  const response = {
    redirect: (status: number, location: string) => (answered.redirect = [status, location]),
    status(status: number) {
      answered.status = status;
      return this;
    },
    type() {
      return this;
    },
    send: (body: string) => (answered.body = body),
  } as unknown as Response;
  const request = { dashboard: { session, token: 't' } } as unknown as Request;
  return { actions: new TransactionActions(commands, runner, details, freshness), calls, answered, request, response };
}

class RefundSomething implements ICommand {}

describe('TransactionActions', () => {
  it('runs the change once, waits for its stream, and sends the browser back to the page with the notice', async () => {
    const { actions, calls, answered, request, response } = setUp();
    await actions.answer(request, response, page, () => ({
      command: () => new RefundSomething(),
      stream: 'cardcharge-1',
      notice: 'refund-requested',
    }));
    expect(calls).toEqual(['once', 'execute RefundSomething', 'wait cardcharge-1']);
    expect(answered.redirect).toEqual([303, '/dashboard/transactions/card-charges/charge%2F1?notice=refund-requested']);
  });

  it('does nothing more when the form answered itself (a confirmation page)', async () => {
    const { actions, calls, answered, request, response } = setUp();
    await actions.answer(request, response, page, () => Promise.resolve(undefined));
    expect(calls).toEqual([]);
    expect(answered).toEqual({});
  });

  it("shows the transaction's page with the problem, in its status, when the form or command is refused", async () => {
    const refused = setUp(() => Promise.reject(ApiError.validation('amount is too large', [])));
    await refused.actions.answer(refused.request, refused.response, page, () => ({
      command: () => new RefundSomething(),
      stream: 'cardcharge-1',
      notice: 'refund-requested',
    }));
    expect(refused.calls).toEqual(['once', 'execute RefundSomething', 'render card-charges charge/1']);
    expect(refused.answered.status).toBe(400);
    expect(refused.answered.body).toContain('page with');

    const invalid = setUp();
    await invalid.actions.answer(invalid.request, invalid.response, page, () => {
      throw ApiError.validation('amount must be a number', []);
    });
    expect(invalid.calls).toEqual(['render card-charges charge/1']);
    expect(invalid.answered.status).toBe(400);
  });

  it('lets a failure that is not a refusal reach the error page', async () => {
    const { actions, answered, request, response } = setUp(() => Promise.reject(new Error('database down')));
    await expect(
      actions.answer(request, response, page, () => ({
        command: () => new RefundSomething(),
        stream: 'cardcharge-1',
        notice: 'refund-requested',
      })),
    ).rejects.toThrow('database down');
    expect(answered).toEqual({});
  });
});
