// The overview feature's public surface: other features and app/ import only from here.
export { OverviewDashboard } from './components/overview-dashboard';
export { UnreadMessagesCard } from './components/unread-messages-card';
export { AnalyticsHeadline } from './components/analytics-headline';
