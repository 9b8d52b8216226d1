// The audit-log feature's public surface: other features and app/ import only from here.
export { AuditLogScreen, type UserOption } from './components/audit-log-screen';
