import { describe, expect, it } from 'vitest';
import { STRUCTURED_DATA_FIELDS } from '#shared/schemas/structured-data';
import { APPOINTMENT_REQUEST_SCHEMA } from './structured-data-plan';

describe('the structured-data plan Vapi gets', () => {
  it('asks for exactly the fields the Processor reads back', () => {
    expect(Object.keys(APPOINTMENT_REQUEST_SCHEMA.properties ?? {}).sort()).toEqual(
      Object.keys(STRUCTURED_DATA_FIELDS).sort(),
    );
  });
});
