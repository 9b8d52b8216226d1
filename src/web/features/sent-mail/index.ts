// The sent-mail feature's public surface: other features and app/ import only from here.
export { SentMailScreen } from './components/sent-mail-screen';
