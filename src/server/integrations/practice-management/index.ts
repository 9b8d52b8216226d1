/** What modules may use of the practice-management integration: the port and its errors (ADR 051). */
export * from './port';
export * from './errors';
