/** The notes layout the calendar reads (part 1): Phone, Email, Appointment Type and Notes lines. */
export function appointmentNotes(fields: {
  phone?: string;
  email?: string;
  type: string;
  notes?: string;
}): string {
  return [
    `Phone: ${fields.phone || 'N/A'}`,
    `Email: ${fields.email || 'N/A'}`,
    `Appointment Type: ${fields.type}`,
    `Notes: ${fields.notes || 'No additional notes'}`,
  ].join('\n');
}
