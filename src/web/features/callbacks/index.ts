// The callbacks feature's public surface: other features and app/ import only from here.
export { CallbacksScreen } from './components/callbacks-screen';
export { OpenCallbacksCard } from './components/open-callbacks-card';
