// The analytics feature's public surface: other features and app/ import only from here. Only the lazily loaded
// Analytics route imports it (the Overview's headline figures have their own query); recharts comes apart, in
// the charts' own chunk (components/lazy-bars-chart.tsx).
export { AnalyticsScreen } from './components/analytics-screen';
