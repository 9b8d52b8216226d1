// The book-appointment feature's public surface: other features and app/ import only from here.
export { invalidateBookingOptions } from './api/invalidate-booking-options';
export { BookAppointmentScreen } from './components/book-appointment-screen';
export { OutboxDelivery } from './components/outbox-delivery';
export { useProviders } from './api/get-providers';
export { AppointmentPicker, type AppointmentChoice } from './components/appointment-picker';
export { todayIso } from './lib/booking';
