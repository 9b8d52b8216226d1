import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AcceptInvitationForm } from '../../features/auth';

export const INVITE_TITLE = 'Accept Invitation | Servc AI Receptionist';

/** /invite/:token, the link in an invitation mail: public, with the sign-in page's look. */
export function InviteRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = INVITE_TITLE;
  }, []);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <AcceptInvitationForm token={token} onSignedIn={() => navigate('/', { replace: true })} />
    </main>
  );
}
