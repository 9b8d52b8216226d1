// The overview feature's public surface: other features and app/ import only from here.
// The assistants and phone-numbers lists move to their own features with the voice platform (issue 12).
export { assistantsQueryOptions, phoneNumbersQueryOptions } from './api/get-overview-lists';
export { OverviewDashboard } from './components/overview-dashboard';
