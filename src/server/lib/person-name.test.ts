import { describe, expect, it } from 'vitest';
import { nameWords, sameName } from './person-name';

const maria = { givenName: 'María José', familyName: 'García López' };
const john = { givenName: 'John', familyName: "O'Neil" };

describe('sameName', () => {
  it('ignores case, accents, punctuation and a title', () => {
    expect(nameWords("Dr. José-Luis O'Neil")).toEqual(['jose', 'luis', 'oneil']);
    expect(sameName('maria garcia', maria)).toBe(true);
    expect(sameName('MARÍA GARCÍA LÓPEZ', maria)).toBe(true);
    expect(sameName('Mr. John ONeil', john)).toBe(true);
  });

  it('takes a middle name said or left out, on either side', () => {
    expect(sameName('Maria Jose Lopez', maria)).toBe(true);
    expect(sameName('John Paul O’Neil', john)).toBe(true);
  });

  it('refuses another first or last name, a first name alone and an empty name', () => {
    expect(sameName('Mario Garcia', maria)).toBe(false);
    expect(sameName('Maria Gonzalez', maria)).toBe(false);
    expect(sameName('Maria', maria)).toBe(false);
    expect(sameName('Garcia Maria', maria)).toBe(false);
    expect(sameName('', maria)).toBe(false);
    expect(sameName('John Smith', john)).toBe(false);
  });
});
