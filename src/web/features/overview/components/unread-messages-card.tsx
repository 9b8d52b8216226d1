import { Link } from 'react-router';
import { Card, CardContent } from '../../../components/ui/card';
import { useUnreadMessages } from '../api/get-unread-messages';

/** The Overview's count of unread texts from patients, linking to Messages. */
export function UnreadMessagesCard() {
  const { data, isLoading, error } = useUnreadMessages();
  if (isLoading || error || !data) return null;
  return (
    <Card>
      <CardContent className="flex items-center justify-between p-6">
        <div>
          <p className="text-sm font-medium text-slate-600">Unread messages</p>
          <p className="text-3xl font-bold text-slate-900" data-testid="count-Unread messages">
            {data.unread}
          </p>
        </div>
        <Link to="/messages" className="text-sm font-medium text-blue-700 hover:underline">
          View Messages
        </Link>
      </CardContent>
    </Card>
  );
}
