import { kindsWithoutTrigger, TRIGGERS } from './trigger-catalog';

describe('the trigger catalog', () => {
  it('has a trigger for every callback kind the gateway sends', () => {
    expect(kindsWithoutTrigger()).toEqual([]);
  });

  it('names each trigger once, as <resource>.<what happens>', () => {
    const names = TRIGGERS.map((trigger) => trigger.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });
});
