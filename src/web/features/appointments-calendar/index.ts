// The appointments-calendar feature's public surface: other features and app/ import only from here.
export { invalidateAppointments } from './api/get-appointments';
export {
  AppointmentsCalendarScreen,
  type ActiveConnectorInfo,
} from './components/appointments-calendar-screen';
