// The linked-accounts feature's public surface: other features and app/ import only from here.
export { useActiveConnector } from './api/get-active-connector';
export { useConnectors } from './api/get-connectors';
export { LinkedAccountsScreen } from './components/linked-accounts-screen';
