import { describe, expect, it } from 'vitest';
import { asAppError } from './errors';
import { PmsError, type PmsErrorCode } from './integrations/practice-management/errors';

describe('practice-system errors reach callers in our words', () => {
  const vendorText = 'Kolla HTTP 400: patient Jane Roe +14155550123 failed validation at /v1/patients';

  it.each<PmsErrorCode>(['bad_request', 'not_found', 'conflict', 'unauthorized', 'unavailable'])(
    'a vendor %s answer is mapped, never passed through',
    (code) => {
      const mapped = asAppError(new PmsError(code, vendorText, { status: 400 }))!;
      expect(mapped.message).not.toContain('Kolla');
      expect(mapped.message).not.toContain('Jane');
      expect(mapped.message).not.toContain('/v1/');
    },
  );

  it('keeps the messages of our own checks', () => {
    expect(asAppError(new PmsError('conflict', '2030-01-02 09:00 is not available'))!.message).toBe(
      '2030-01-02 09:00 is not available',
    );
  });
});
