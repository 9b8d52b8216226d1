import { AuditLogScreen } from '../../features/audit-log';
import { useUsers } from '../../features/users';

export function AuditLogRoute() {
  const users = useUsers(true).data?.users ?? [];
  return <AuditLogScreen users={users.map((u) => ({ id: u.id, label: `${u.name} (${u.email})` }))} />;
}
