// The appointment processor feature's public surface: other features and app/ import only from here.
export { AppointmentProcessorScreen } from './components/appointment-processor-screen';
