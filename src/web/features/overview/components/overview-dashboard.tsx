import { Bot, CalendarPlus, GitBranch, Phone, PhoneCall, Workflow } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDuration } from '#shared/format';
import { CallStatusBadge } from '../../call-logs';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ListError, ListLoading } from '../../../components/list-states';
import { useOverviewLists } from '../api/get-overview-lists';
import { PageHeader } from '../../../components/page-header';

const RECENT_LIMIT = 3;

function CountCard({
  label,
  value,
  hint,
  icon,
}: {
  label: string;
  value: number;
  hint?: string;
  icon: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between p-6">
        <div>
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="text-3xl font-bold text-slate-900" data-testid={`count-${label}`}>
            {value}
          </p>
          {hint && <p className="text-xs text-slate-600">{hint}</p>}
        </div>
        <span className="rounded-full bg-blue-50 p-3 text-blue-700" aria-hidden="true">
          {icon}
        </span>
      </CardContent>
    </Card>
  );
}

function QuickCard({
  to,
  title,
  description,
  icon,
}: {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-300 hover:shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      <span className="mb-2 inline-flex text-blue-700" aria-hidden="true">
        {icon}
      </span>
      <span className="block font-semibold text-slate-900">{title}</span>
      <span className="block text-sm text-slate-600">{description}</span>
    </Link>
  );
}

function RecentCard({
  title,
  description,
  empty,
  viewAll,
  items,
}: {
  title: string;
  description: string;
  empty: string;
  /** Absent when the user may not open the full list. */
  viewAll?: { to: string; label: string };
  items: { key: string; content: ReactNode }[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">{empty}</p>
        ) : (
          <ul className="grid gap-2">
            {items.map((item) => (
              <li
                key={item.key}
                className="flex items-center justify-between gap-2 rounded-md border border-slate-100 p-3"
              >
                {item.content}
              </li>
            ))}
          </ul>
        )}
        {viewAll && (
          <Button asChild variant="outline">
            <Link to={viewAll.to}>{viewAll.label}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

const QUICK_CARDS = [
  {
    to: '/book-appointment',
    title: 'Book Appointment',
    description: 'Schedule a patient by hand',
    icon: <CalendarPlus />,
  },
  {
    to: '/appointment-processor',
    title: 'Appointment Processor',
    description: 'Turn call transcripts into bookings',
    icon: <Workflow />,
  },
  {
    to: '/phone-numbers',
    title: 'Phone Numbers',
    description: 'Numbers, assistants and routing',
    icon: <Phone />,
  },
];

/** `canOpen(path)`: the user may open that console screen and it is built; only those are linked. */
export function OverviewDashboard({ canOpen }: { canOpen: (path: string) => boolean }) {
  const lists = useOverviewLists();
  const quickCards = QUICK_CARDS.filter((card) => canOpen(card.to));
  const viewAll = (to: string, label: string) => (canOpen(to) ? { to, label } : undefined);
  if (lists.isLoading) return <ListLoading label="Loading overview" />;

  return (
    <div className="grid gap-6">
      <PageHeader title="Overview" description="Your AI receptionist at a glance." />
      {lists.error && <ListError error={lists.error} onRetry={lists.refetch} />}
      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {/* A list this user may not read is not counted: "0" would say the practice has none. */}
        {lists.sees.assistants && (
          <CountCard label="Assistants" value={lists.assistants.length} icon={<Bot />} />
        )}
        {lists.sees.workflows && (
          <CountCard label="Workflows" value={lists.workflows.length} icon={<GitBranch />} />
        )}
        <CountCard label="Phone Numbers" value={lists.phoneNumbers.length} icon={<Phone />} />
        {lists.sees.calls && (
          <CountCard
            label="Total Calls"
            value={lists.callsThisMonth}
            hint="This month"
            icon={<PhoneCall />}
          />
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentCard
          title="Recent Assistants"
          description="Your voice assistants"
          empty={lists.sees.assistants ? 'No assistants configured' : 'Managed by your admin'}
          viewAll={viewAll('/assistants', 'View All Assistants')}
          items={lists.assistants.slice(0, RECENT_LIMIT).map((assistant) => ({
            key: assistant.id,
            content: (
              <>
                <span className="font-medium text-slate-900">{assistant.name}</span>
                <Badge variant="success">Active</Badge>
              </>
            ),
          }))}
        />
        {lists.sees.calls && (
          <RecentCard
            title="Recent Activity"
            description="The latest calls"
            empty="No recent calls"
            viewAll={viewAll('/call-logs', 'View All Calls')}
            items={lists.calls.slice(0, RECENT_LIMIT).map((call) => ({
              key: call.id,
              content: (
                <>
                  <span className="font-medium text-slate-900">Call #{call.id.slice(-6)}</span>
                  <span className="text-sm text-slate-600">{formatDuration(call.duration)}</span>
                  <CallStatusBadge status={call.status} />
                </>
              ),
            }))}
          />
        )}
      </div>
      {quickCards.length > 0 && (
        <section aria-label="Quick actions" className="grid gap-4 sm:grid-cols-3">
          {quickCards.map((card) => (
            <QuickCard key={card.to} {...card} />
          ))}
        </section>
      )}
    </div>
  );
}
