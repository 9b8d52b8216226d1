/** Spec part 1 sections 5 and 8: the exact words of the Outbound Calls screen. */
export const OUTBOUND_MESSAGES = {
  noPatients: { title: 'No Patients Selected', description: 'Please select at least one patient to call' },
  noPatientsCard: { title: 'No patients selected', description: 'Please select patients to call' },
  noAssistant: {
    title: 'No assistant selected',
    description: 'Please select an assistant for this call type',
  },
  noPhoneNumber: {
    title: 'No phone number selected',
    description: 'Please select a phone number for this call type',
  },
  started: { title: 'Calls Started', description: 'Outbound calls have been initiated successfully' },
  failedTitle: 'Call Failed',
  noMatch: 'No patients found matching your search.',
  noPatientsYet: 'No patients with upcoming appointments.',
  patientsErrorTitle: 'Error Loading Patients',
  patientsErrorFallback: 'Failed to load patient data',
  noCalls: 'No outbound calls made yet.',
} as const;
