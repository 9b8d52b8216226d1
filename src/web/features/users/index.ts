// The users feature's public surface: other features and app/ import only from here.
export { useUsers } from './api/get-users';
export { UserManagementScreen } from './components/user-management-screen';
