// The auth feature's public surface: other features and app/ import only from here.
export { AcceptInvitationForm } from './components/accept-invitation-form';
export { SignInForm } from './components/sign-in-form';
