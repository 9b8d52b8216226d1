import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { passwordProblem } from '#shared/password-policy';
import { FormField } from '../../../components/form-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useAcceptInvitation } from '../api/accept-invitation';
import { login } from '../api/login';

export const PASSWORDS_DIFFER = 'The passwords do not match';
const FAILED = 'Could not accept the invitation. Please try again.';

/**
 * The page an invitation mail links to: the invitee chooses a password, the invitation is accepted, and they
 * are signed in with it (the normal login call). `onSignedIn` takes them into the console.
 */
export function AcceptInvitationForm({ token, onSignedIn }: { token: string; onSignedIn(): void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const accept = useAcceptInvitation();
  const { signIn } = useAuth();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problem = passwordProblem(password, {});
    const next = {
      password: problem ?? undefined,
      confirm: !problem && confirm !== password ? PASSWORDS_DIFFER : undefined,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    let email: string;
    try {
      ({ email } = await accept.mutateAsync({ token, password }));
    } catch (error) {
      // A password the server refuses for this account is the password field's message, not the link's.
      const refused = fieldErrorsOf(error).password;
      if (refused) setErrors({ password: refused });
      else setFailure(messageOf(error, FAILED));
      return;
    }
    setSigningIn(true);
    try {
      const result = await login({ email, password });
      if (result.success && result.user && result.sessionId) {
        signIn(result.sessionId, result.user);
        onSignedIn();
        return;
      }
      setFailure(result.message ?? 'Your password is set. Please sign in.');
    } catch {
      setFailure('Your password is set. Please sign in.');
    }
    setSigningIn(false);
  }

  const pending = accept.isPending || signingIn;
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <h1 className="text-2xl font-semibold leading-none tracking-tight text-slate-900">
          Welcome to Servc
        </h1>
        <CardDescription>Choose a password to accept your invitation.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {failure && (
            <Alert variant="destructive">
              {failure}{' '}
              <Link to="/signin" className="font-medium underline">
                Go to sign in
              </Link>
            </Alert>
          )}
          <FormField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            error={errors.confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          <Button type="submit" pending={pending} className="w-full">
            {pending ? 'Setting password...' : 'Set password and sign in'}
          </Button>
          <Link to="/" className="text-sm text-blue-700 hover:underline">
            Back to Home
          </Link>
        </form>
      </CardContent>
    </Card>
  );
}
