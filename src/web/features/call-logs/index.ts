// The Call Logs feature's public face: what other features and the app compose.
export { callsQueryOptions, recentCallsQueryOptions } from './api/get-calls';
export { callStatsQueryOptions } from './api/get-call-stats';
export { CallLogsScreen } from './components/call-logs-screen';
export { CallStatusBadge } from './components/call-status-badge';
export { SimulateCallDialog, type SimulatorNumber } from './components/simulate-call-dialog';
export { CallDetailsDialog } from './components/call-details-dialog';
