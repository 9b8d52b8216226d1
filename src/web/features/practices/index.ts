// The practices feature's public surface: other features and app/ import only from here.
export { CreatePracticeDialog, type PracticePrefill } from './components/create-practice-dialog';
export { PracticesScreen } from './components/practices-screen';
