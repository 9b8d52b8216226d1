/**
 * Of the visits whose outcome is known (kept, no-show, cancelled), the share kept; null when none is known. Apart
 * from the schemas so the Overview's figures load without them.
 */
export function keptRate(outcomes: { kept: number; noShow: number; cancelled: number }): number | null {
  const known = outcomes.kept + outcomes.noShow + outcomes.cancelled;
  return known > 0 ? outcomes.kept / known : null;
}
