import { describe, expect, it } from 'vitest';
import { allowanceAskOf, allowanceAskText, fundingText, lapseQuestion, spentText } from '@/features/paws-market/allowance-ask';

const funding = {
  due: '38',
  balance: '500',
  currentAllowance: '65',
  covered: false,
  amount: '103',
  offersKeep: '65',
  lapsing: [] as { offerId: string; label: string }[],
  amountIfLapse: null,
};

describe('what the wallet will be asked, in words', () => {
  it('says the approval and why before the wallet opens', () => {
    expect(allowanceAskText('330', '80', '250', 'this offer')).toBe(
      'Your wallet will ask to allow the marketplace 330 PAWS: this offer 80 + your open offers 250.',
    );
    expect(allowanceAskText('33', '33', '0', 'this tiger')).toBe('Your wallet will ask to allow the marketplace 33 PAWS for this tiger.');
    expect(fundingText(funding, 'this cart')).toBe(
      'Your wallet will ask to allow the marketplace 103 PAWS: this cart 38 + your open offers 65. It takes the PAWS only as the tigers come to you, in one transaction.',
    );
    expect(fundingText({ ...funding, covered: true, amount: null, currentAllowance: '200', offersKeep: '70' }, 'this tiger')).toBe(
      'Paid from your PAWS allowance to the marketplace (200 PAWS, of which your open offers keep 70): no wallet prompt. 162 PAWS of it are left after.',
    );
    expect(fundingText({ ...funding, lapsing: [{ offerId: 'o', label: '45 PAWS offer on Wild Tiger #147' }] }, 'this cart')).toMatch(
      /one of your open offers unfunded/,
    );
    expect(fundingText(null, 'this cart')).toMatch(/^Nothing in this cart is for sale/);
  });

  it('reads a PAWS_ALLOWANCE_LOW answer, asks about the offers at stake, and says what a purchase spent', () => {
    const ask = allowanceAskOf(
      { amount: '103', due: '38', offersKeep: '65', currentAllowance: '65', lapsing: [{ offerId: 'o', label: 'x' }, { bad: 1 }], amountIfLapse: '0' },
      '38',
    );
    expect(ask).toEqual({ amount: '103', due: '38', offersKeep: '65', currentAllowance: '65', lapsing: [{ offerId: 'o', label: 'x' }], amountIfLapse: '0' });
    expect(allowanceAskOf({}, '12')).toMatchObject({ amount: '12', due: '12', lapsing: [], amountIfLapse: null });
    const question = lapseQuestion({ ...ask, amountIfLapse: '110' }, 'this cart');
    expect(question.options.map((option) => option.id)).toEqual(['top-up', 'lapse', 'cancel']);
    expect(question.options[1]?.label).toBe('Allow 110 PAWS for this cart only and let it lapse');
    expect(spentText({ before: '65', after: '27', offersKeep: '0', lapsed: [] })).toBe('Paid from your PAWS allowance, with no wallet prompt: 65 → 27 PAWS.');
  });
});
