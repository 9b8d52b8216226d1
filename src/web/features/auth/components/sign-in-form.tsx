import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SIGN_IN_REQUIRED_MESSAGE } from '#shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useAuth } from '../../../lib/auth';
import { forgetSessionEnd, readSessionEnd } from '../../../lib/session-ended';
import { useLogin } from '../api/login';

/** Signing in stores the session; the sign-in route then sends the user on (see SignInRoute). */
export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const { signIn } = useAuth();
  // Why the last session ended (idle or maximum length), said once.
  const [ended] = useState(readSessionEnd);
  useEffect(forgetSessionEnd, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email || !password) {
      setError(SIGN_IN_REQUIRED_MESSAGE);
      return;
    }
    try {
      const result = await login.mutateAsync({ email, password });
      if (result.success && result.user && result.sessionId) {
        signIn(result.sessionId, result.user);
      } else {
        setError(result.message || 'Login failed');
      }
    } catch {
      setError('Login failed. Please try again.');
    }
  }

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <h1 className="text-2xl font-semibold leading-none tracking-tight text-slate-900">
          Sign in to Servc
        </h1>
        <CardDescription>Manage your AI receptionist, calls and appointments.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {ended && !error && <Alert>{ended}</Alert>}
          {error && <Alert variant="destructive">{error}</Alert>}
          <div className="grid gap-2">
            <Label htmlFor="email">Email</Label>
            <Input
              id="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="you@practice.com"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="password">Password</Label>
            <Input
              id="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id="remember-me" />
            <Label htmlFor="remember-me" className="font-normal">
              Remember me
            </Label>
          </div>
          <Button type="submit" pending={login.isPending} className="w-full">
            {login.isPending ? 'Signing In...' : 'Sign In'}
          </Button>
          <div className="flex items-center justify-between text-sm">
            <Link to="/" className="text-blue-700 hover:underline">
              Back to Home
            </Link>
            <span className="text-slate-600">
              No account?{' '}
              <Button type="button" variant="link" className="h-auto p-0">
                Sign up for free
              </Button>
            </span>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
