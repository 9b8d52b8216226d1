import { Link } from 'react-router';
import { Card, CardContent } from '../../../components/ui/card';
import { useOpenCallbacks } from '../api/get-callbacks';

/** The Overview's count of callers waiting for a call back, linking to the inbox. */
export function OpenCallbacksCard() {
  const { data, isLoading, error } = useOpenCallbacks();
  if (isLoading || error) return null;
  const open = data?.callbacks.length ?? 0;
  return (
    <Card>
      <CardContent className="flex items-center justify-between p-6">
        <div>
          <p className="text-sm font-medium text-slate-600">Open callbacks</p>
          <p className="text-3xl font-bold text-slate-900" data-testid="count-Open callbacks">
            {open}
          </p>
        </div>
        <Link to="/callbacks" className="text-sm font-medium text-blue-700 hover:underline">
          View Callbacks
        </Link>
      </CardContent>
    </Card>
  );
}
