import { describe, expect, it } from 'vitest';
import { callKind } from '../../src/lib/event-families.ts';

/** Which calls are "of the same kind": the links between a company's calls and the comparison's default share this rule. */
describe('the kind of a call', () => {
  it('is one kind for every earnings call, whatever its period', () => {
    expect(callKind({ name: 'Q2', parent: 'Earnings Call' }, 27)).toBe('earnings-call');
    expect(callKind({ name: 'H1', parent: 'Earnings Call' }, 31)).toBe('earnings-call');
    expect(callKind({ name: 'Q4 Earnings Call' }, 29)).toBe('earnings-call');
  });

  it('is the family for other events, so a scheme meeting goes with the AGMs', () => {
    expect(callKind({ name: 'AGM', parent: 'Annual General Meeting' }, 4)).toBe('annual-general-meeting');
    expect(callKind({ name: 'Scheme Meeting', parent: 'Annual General Meeting' }, 5)).toBe('annual-general-meeting');
    expect(callKind({ name: 'Conference' }, 237)).toBe('conference');
  });

  it('is its own kind, by id, while the type is not known', () => {
    expect(callKind(undefined, 237)).toBe('type-237');
    expect(callKind({ name: '  ', parent: null }, 12)).toBe('type-12');
  });
});
