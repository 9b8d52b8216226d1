// The messages feature's public surface: other features and app/ import only from here.
export { MessagesScreen, type MessagesScreenProps } from './components/messages-screen';
export { messagesPathFor } from './lib/messages-link';
