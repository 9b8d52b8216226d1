import type { EvidenceRange } from '#shared/schemas/processor';

/** A value read from the transcript and the character ranges it came from. */
export interface Found<T = string> {
  value: T;
  ranges: EvidenceRange[];
}
