/** What routes and other features may use from the outbound-calls feature. */
export { outboundCallsQueryOptions } from './api/get-outbound-calls';
export { OutboundCallsScreen, type OutboundCallsScreenProps } from './components/outbound-calls-screen';
export { unassignedForCalls } from './lib/set-up';
