// The demo-requests feature's public surface: other features and app/ import only from here.
export { DemoRequestsScreen } from './components/demo-requests-screen';
