import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { keptRate } from '#shared/analytics';
import { ListError } from '../../../components/list-states';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { practiceToday } from '../../../lib/practice-time';
import { thisMonth, useAnalyticsHeadline } from '../api/get-analytics-headline';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="text-2xl font-bold text-slate-900" data-testid={`headline-${label}`}>
        {value}
      </p>
    </div>
  );
}

/**
 * Bookings this month so far, the kept rate and the cost per booked visit, linking to Analytics (issue 25). The
 * month is the practice's (its time zone comes with the first answer, as on the Analytics screen, so the figures
 * agree with Total Calls' month); `today` fixes it (tests).
 */
export function AnalyticsHeadline({ today: fixedToday }: { today?: Date }) {
  const [timeZone, setTimeZone] = useState<string>();
  const today = useMemo(() => fixedToday ?? practiceToday(timeZone), [fixedToday, timeZone]);
  const { data, error, refetch } = useAnalyticsHeadline(today);
  const zone = data?.range.timeZone;
  if (zone && zone !== timeZone) setTimeZone(zone);
  const header = (
    <CardHeader className="flex flex-row items-center justify-between space-y-0">
      <CardTitle className="text-lg">Month to date</CardTitle>
      <Link
        to={`/analytics?${new URLSearchParams(thisMonth(today)).toString()}`}
        className="text-sm font-medium text-blue-700 hover:underline"
      >
        View Analytics
      </Link>
    </CardHeader>
  );
  // A failure is said, with a retry, as on the Analytics screen; only the first load shows nothing.
  if (!data) {
    return error ? (
      <Card>
        {header}
        <CardContent>
          <ListError error={error} prefix="Could not load this month's figures. " onRetry={refetch} />
        </CardContent>
      </Card>
    ) : null;
  }
  const kept = keptRate(data.outcomes);
  const perVisit = data.money.costPerBookedVisit;
  return (
    <Card>
      {header}
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <Figure label="Bookings" value={String(data.bookings.total)} />
        <Figure label="Kept rate" value={kept === null ? '—' : `${Math.round(kept * 100)}%`} />
        <Figure label="Cost per booked visit" value={perVisit === null ? '—' : usd.format(perVisit)} />
      </CardContent>
    </Card>
  );
}
