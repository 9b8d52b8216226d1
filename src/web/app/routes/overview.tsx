import { can, MENU_ITEMS } from '#shared/permissions';
import { OpenCallbacksCard } from '../../features/callbacks';
import { AnalyticsHeadline, OverviewDashboard, UnreadMessagesCard } from '../../features/overview';
import { usePrincipal } from '../../lib/permissions';

/** `isBuilt(path)`: the router has a screen there (not 'This screen is not available yet'). */
export function OverviewRoute({ isBuilt }: { isBuilt: (path: string) => boolean }) {
  const { principal } = usePrincipal();
  const canOpen = (path: string) => {
    const item = MENU_ITEMS.find((i) => i.path === path);
    return Boolean(item && isBuilt(path) && can(principal, item.action));
  };
  return (
    <div className="grid gap-6">
      <OverviewDashboard canOpen={canOpen} />
      {canOpen('/analytics') && <AnalyticsHeadline />}
      {(can(principal, 'callLogs:view') || can(principal, 'messages:use')) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {can(principal, 'callLogs:view') && <OpenCallbacksCard />}
          {can(principal, 'messages:use') && <UnreadMessagesCard />}
        </div>
      )}
    </div>
  );
}
