import { BookAppointmentScreen } from '../../features/book-appointment/components/book-appointment-screen';

export function BookAppointmentRoute() {
  return <BookAppointmentScreen />;
}
