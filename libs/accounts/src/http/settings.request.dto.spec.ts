import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { toSettingsChanges, UpdateSettingsRequestDto } from './settings.request.dto';

/** The CLI and the dashboard validate settings as the API's pipe does: plainToInstance, then class-validator. */
function parse(plain: unknown) {
  const dto = plainToInstance(UpdateSettingsRequestDto, plain);
  return { dto, errors: validateSync(dto, { whitelist: true }) };
}

describe('UpdateSettingsRequestDto fee_schedule', () => {
  it('validates each rule, naming the channel: a fractional flat fee is refused by the money wire rule', () => {
    const { errors } = parse({ fee_schedule: { OVO: { flat: 0.5 }, default: { basis_points: 290 } } });
    expect(errors).toHaveLength(1);
    const ovo = errors[0].children![0];
    expect({
      property: errors[0].property,
      channel: ovo.property,
      field: ovo.children![0].property,
      rules: Object.keys(ovo.children![0].constraints!),
    }).toEqual({
      property: 'fee_schedule',
      channel: 'OVO',
      field: 'flat',
      rules: ['isMoneyAmount'],
    });
  });

  it('turns valid rules into the domain changes; null still removes the schedule', () => {
    const { dto, errors } = parse({ fee_schedule: { OVO: { flat: 100, basis_points: 150, extra: 1 } } });
    expect(errors).toEqual([]);
    expect(toSettingsChanges(dto)).toEqual({ feeSchedule: { OVO: { flat: 100, basisPoints: 150 } } });
    expect(toSettingsChanges(parse({ fee_schedule: null }).dto)).toEqual({ feeSchedule: null });
  });

  it('refuses a rule that is not an object', () => {
    expect(parse({ fee_schedule: { OVO: 5 } }).errors[0]?.property).toBe('fee_schedule');
  });
});
