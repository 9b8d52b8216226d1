import { AuditLogScreen } from '../../features/audit-log/components/audit-log-screen';
import { useUsers } from '../../features/users/api/get-users';

export function AuditLogRoute() {
  const users = useUsers(true).data?.users ?? [];
  return <AuditLogScreen users={users.map((u) => ({ id: u.id, label: `${u.name} (${u.email})` }))} />;
}
