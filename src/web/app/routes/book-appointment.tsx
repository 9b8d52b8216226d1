import { BookAppointmentScreen } from '../../features/book-appointment';
import { useScheduleRefresh } from '../schedule-data';

export function BookAppointmentRoute() {
  return <BookAppointmentScreen onBooked={useScheduleRefresh().afterBooking} />;
}
